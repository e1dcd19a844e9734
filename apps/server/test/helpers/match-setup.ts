/** Two managers seated in a fresh room, the match started, both holding their first view. */
import { expect } from 'vitest';
import type { ClockConfig } from '@vroyale/protocol';
import { TestClient } from './test-client.js';

export async function twoManagers(url: string, opts: { visibility?: 'public' | 'private'; clock?: ClockConfig } = {}) {
  const a = await TestClient.connect(url, 'Alice');
  const b = await TestClient.connect(url, 'Bob');
  const created = await a.emit('room:create', { visibility: opts.visibility ?? 'public', ...(opts.clock ? { clock: opts.clock } : {}) });
  if (!created.ok) throw new Error(created.message);
  const roomId = created.roomId;
  const ja = await a.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' });
  expect(ja).toMatchObject({ ok: true, seat: 'A' });
  const jb = await b.emit('room:join', { roomId, roster: 'mod-squad', seat: 'B' });
  expect(jb).toMatchObject({ ok: true, seat: 'B' });
  await a.waitFor(() => a.view(roomId) !== undefined, 10_000, 'first view');
  await b.waitFor(() => b.view(roomId) !== undefined, 10_000, 'first view');
  return { a, b, roomId };
}
