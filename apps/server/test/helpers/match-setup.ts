/** Two managers seated in a fresh room, the match started, both holding their first view. */
import { expect } from 'vitest';
import { validateSideDeck, type Roster } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { Ack, ActionPayload, ClockConfig } from '@vroyale/protocol';
import { TestClient } from './test-client.js';

type RoomOptions = { visibility?: 'public' | 'private'; clock?: ClockConfig; format?: 'bo1' | 'bo3' };

export async function twoManagers(url: string, opts: RoomOptions = {}) {
  const a = await TestClient.connect(url, 'Alice');
  const b = await TestClient.connect(url, 'Bob');
  return { a, b, ...(await seatBoth(a, b, opts)) };
}

/** Clients already connected (maybe to different nodes): A creates a room, both sit (raid-night v mod-squad), both see the match. */
export async function seatBoth(a: TestClient, b: TestClient, opts: RoomOptions = {}): Promise<{ roomId: string; matchId: string }> {
  const created = await a.emit('room:create', {
    visibility: opts.visibility ?? 'public',
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.format ? { format: opts.format } : {}),
  });
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

/**
 * `action` (its manager left out) from `c`'s latest view of `roomId`. The other seat may move at the same time
 * (mulligans are simultaneous; a bot acts at once): a 'stale' refusal means a newer view is on its way, so it is
 * sent again from that one. Returns the last answer.
 */
export async function actFromLatest(c: TestClient, roomId: string, action: ActionPayload['action'], name: string): Promise<Ack<{ seq: number }>> {
  let ack: Ack<{ seq: number }> | undefined;
  for (let i = 0; i < 20; i++) {
    const v = c.view(roomId)!;
    ack = await c.emit('match:action', { roomId, clientActionId: `${c.instance}-${name}-${roomId}-${i}`, seenSeq: v.seq, action });
    if (ack.ok || ack.code !== 'stale') break;
    await c.waitFor(() => c.view(roomId)!.seq > v.seq, 5_000, 'newer view');
  }
  return ack!;
}

/** A card in no starter roster that may sit in `roster`'s side deck (PR-22): nothing another starter holds names it. */
export function sideDeckCard(roster: Roster): string {
  const used = new Set(starterRosters.flatMap((r) => r.cards));
  const def = Object.values(cardPool).find((d) => !used.has(d.id) && !d.token && validateSideDeck(roster, [d.id], cardPool).length === 0);
  if (!def) throw new Error('no card fits a side deck');
  return def.id;
}
