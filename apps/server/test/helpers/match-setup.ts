/** Two managers seated in a fresh room, the match started, both holding their first view. */
import { expect } from 'vitest';
import type { ClockConfig } from '@vroyale/protocol';
import { TestClient } from './test-client.js';

type RoomOptions = { visibility?: 'public' | 'private'; clock?: ClockConfig };

export async function twoManagers(url: string, opts: RoomOptions = {}) {
  const a = await TestClient.connect(url, 'Alice');
  const b = await TestClient.connect(url, 'Bob');
  return { a, b, ...(await seatBoth(a, b, opts)) };
}

/** Clients already connected (maybe to different nodes): A creates a room, both sit (raid-night v mod-squad), both see the match. */
export async function seatBoth(a: TestClient, b: TestClient, opts: RoomOptions = {}): Promise<{ roomId: string; matchId: string }> {
  const created = await a.emit('room:create', { visibility: opts.visibility ?? 'public', ...(opts.clock ? { clock: opts.clock } : {}) });
  if (!created.ok) throw new Error(created.message);
  const roomId = created.roomId;
  const ja = await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' });
  expect(ja).toMatchObject({ ok: true, seat: 'A' });
  const jb = await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' });
  expect(jb).toMatchObject({ ok: true, seat: 'B' });
  await a.waitFor(() => a.view(roomId) !== undefined, 10_000, 'first view');
  await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'first view');
  return { roomId, matchId: a.view(roomId)!.matchId };
}
