/**
 * Hash routes (#/, #/room/ID, #/decks, #/replay/MATCH, #/how-to-play, #/settings, #/u/USERNAME,
 * #/leaderboard[/ranked|/casual|/ranked-bo3|/casual-bo3],
 * #/about, #/events, #/events/ID[?invite=CODE], #/puzzles):
 * invite, replay and profile links work with any static host.
 */
import { useSyncExternalStore } from 'react';
import type { RatingQueue } from '@vroyale/protocol';
import { leaderboardQueueOf } from '../play/queue-choice';

export type Route =
  | { name: 'lobby' }
  | { name: 'room'; id: string }
  | { name: 'decks' }
  | { name: 'replay'; id: string }
  | { name: 'how-to-play' }
  | { name: 'settings' }
  | { name: 'profile'; username: string }
  | { name: 'leaderboard'; queue: RatingQueue }
  | { name: 'about' }
  | { name: 'events' }
  | { name: 'puzzles' }
  | { name: 'event'; id: string; invite: string | null };

export function parseRoute(hash: string, pathname = '/'): Route {
  // Hash routes first; plain paths (/room/ID) work too, since the server serves the app for them.
  const path = hash.replace(/^#/, '') || pathname;
  const room = /^\/room\/([A-Za-z0-9_-]+)/.exec(path);
  if (room) return { name: 'room', id: room[1]! };
  const replay = /^\/replay\/([A-Za-z0-9_-]+)/.exec(path);
  if (replay) return { name: 'replay', id: replay[1]! };
  const profile = /^\/u\/([A-Za-z0-9_-]{1,64})/.exec(path);
  if (profile) return { name: 'profile', username: profile[1]! };
  const event = /^\/events\/([A-Za-z0-9_-]+)(?:\?(?:.*&)?invite=([A-Za-z0-9_-]+))?/.exec(path);
  if (event) return { name: 'event', id: event[1]!, invite: event[2] ?? null };
  if (path.startsWith('/events')) return { name: 'events' };
  if (path.startsWith('/puzzles')) return { name: 'puzzles' };
  if (path.startsWith('/leaderboard')) return { name: 'leaderboard', queue: leaderboardQueueOf(path) };
  if (path.startsWith('/decks')) return { name: 'decks' };
  if (path.startsWith('/how-to-play')) return { name: 'how-to-play' };
  if (path.startsWith('/settings')) return { name: 'settings' };
  if (path.startsWith('/about')) return { name: 'about' };
  return { name: 'lobby' };
}

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return parseRoute(hash, location.pathname);
}

export function navigate(path: string): void {
  location.hash = path;
}

/** A player's profile page. */
export const profilePath = (username: string): string => `#/u/${encodeURIComponent(username)}`;

/** A tournament's page; with its invite code, the link an invite-only event is shared by. */
export const eventPath = (id: string, invite?: string | null): string => `#/events/${id}${invite ? `?invite=${invite}` : ''}`;
