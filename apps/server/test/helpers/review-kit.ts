/** Game review tests (reviews.test.ts, reviews-postgres.test.ts): finished matches over real sockets, the routes, a poll. */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { makeRng } from '@vroyale/engine';
import type { ReviewState } from '@vroyale/protocol';
import { defaultConfig, type ServerConfig } from '../../src/config.js';
import { api } from './api.js';
import { twoManagers } from './match-setup.js';
import type { TestServer } from './test-server.js';
import { poll } from './until.js';

/** A search budget small enough that a review takes moments. */
export const TINY = { deals: 1, verify: 1, maxCandidates: 2 };

/** The review config of a test server: the tiny budget, the per-address limit out of the way (all clients are 127.0.0.1). */
export const reviewConfig = (o: Partial<ServerConfig['reviews']> = {}): ServerConfig['reviews'] => ({
  ...defaultConfig().reviews,
  budget: TINY,
  perAddressPerHour: 1000,
  ...o,
});

/** A match played to about `seq` actions by two clients (0: conceded at once), then conceded by A; its id and log length. */
export async function finishedMatch(t: { url: string }, seq = 0): Promise<{ matchId: string; actions: number }> {
  const { a, b, roomId, matchId } = await twoManagers(t.url);
  if (seq > 0) {
    await a.fullControl();
    await b.fullControl();
    a.startAutoplay(roomId, makeRng(`rv-a-${matchId}`), (v) => v.seq >= seq);
    b.startAutoplay(roomId, makeRng(`rv-b-${matchId}`));
    await a.waitFor(() => a.stopped || a.view(roomId)!.result !== null, 60_000, 'a pause');
    b.autoplay = null;
  }
  if (a.view(roomId)!.result === null) await a.emit('match:action', { roomId, clientActionId: `bye-${matchId}`, seenSeq: 0, action: { type: 'concede' } });
  let replay: { status: number; body: { actions: unknown[] } } = { status: 0, body: { actions: [] } };
  await poll(async () => (replay = await api(t.url, undefined, 'GET', `/api/matches/${matchId}/replay`)).status === 200, 10_000, 'the replay');
  a.close();
  b.close();
  return { matchId, actions: replay.body.actions.length };
}

export const postReview = (t: { url: string }, id: string) => api(t.url, undefined, 'POST', `/api/matches/${id}/review`);
export const getReview = (t: { url: string }, id: string) => api(t.url, undefined, 'GET', `/api/matches/${id}/review`);

/** Polls GET until the review is done or failed; every state seen on the way. */
export async function settled(t: TestServer | { url: string }, id: string, ms = 60_000): Promise<{ last: ReviewState; seen: ReviewState[] }> {
  const seen: ReviewState[] = [];
  const end = performance.now() + ms;
  for (;;) {
    const r = await getReview(t, id);
    expect(r.status === 200 || r.status === 202).toBe(true);
    seen.push(r.body);
    if (r.body.status === 'done' || r.body.status === 'failed') return { last: r.body, seen };
    if (performance.now() > end) throw new Error(`review of ${id} still ${r.body.status} after ${ms} ms`);
    await new Promise((res) => setTimeout(res, 10));
  }
}

/** Whether a process is still there and not a zombie (an orphan's exit waits for init to reap it; Linux). */
export function processRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
  } catch {
    return false;
  }
}
