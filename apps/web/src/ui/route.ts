/** Hash routes (#/, #/room/ID, #/decks, #/replay/MATCH, #/how-to-play): invite and replay links work with any static host. */
import { useSyncExternalStore } from 'react';

export type Route = { name: 'lobby' } | { name: 'room'; id: string } | { name: 'decks' } | { name: 'replay'; id: string } | { name: 'how-to-play' } | { name: 'settings' };

export function parseRoute(hash: string, pathname = '/'): Route {
  // Hash routes first; plain paths (/room/ID) work too, since the server serves the app for them.
  const path = hash.replace(/^#/, '') || pathname;
  const room = /^\/room\/([A-Za-z0-9_-]+)/.exec(path);
  if (room) return { name: 'room', id: room[1]! };
  const replay = /^\/replay\/([A-Za-z0-9_-]+)/.exec(path);
  if (replay) return { name: 'replay', id: replay[1]! };
  if (path.startsWith('/decks')) return { name: 'decks' };
  if (path.startsWith('/how-to-play')) return { name: 'how-to-play' };
  if (path.startsWith('/settings')) return { name: 'settings' };
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
