/**
 * Two managers play a whole match over real sockets (random legal actions from their views) while a
 * spectator watches and everyone chats; then every message the opponent and the spectator received is
 * scanned for the other manager's hidden card ids, the seed and the RNG state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashState, makeRng } from '@vroyale/engine';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';

/** Card definitions a client's views use but it was never sent (updates carry only defs new to the viewer). */
function missingDefs(c: TestClient): string[] {
  const have = new Set<string>();
  const missing = new Set<string>();
  const walk = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x && typeof x === 'object') {
      const o = x as Record<string, unknown>;
      if (typeof o.def === 'string' && typeof o.id === 'string' && !have.has(o.def)) missing.add(o.def);
      for (const [k, v] of Object.entries(o)) if (k !== 'defs') walk(v);
    }
  };
  for (const r of c.received) {
    if (r.event !== 'match:view') continue;
    const view = (r.payload as { view: { defs: Record<string, unknown> } }).view;
    for (const id of Object.keys(view.defs)) have.add(id);
    walk(view);
  }
  return [...missing];
}

let t: TestServer;
beforeAll(async () => {
  // Random clients act as fast as views arrive; the default rate limit has its own test (rate-limit.test.ts).
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('a full match over sockets', () => {
  it('plays to a result; the opponent and the spectator never see hidden cards, the seed or the RNG', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const spec = await TestClient.connect(t.url, 'Watcher');
    expect(await spec.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await spec.waitFor(() => spec.view(roomId) !== undefined, 10_000, 'spectator view');
    expect(spec.view(roomId)!.viewer).toBe('spectator');
    expect(spec.view(roomId)!.legal).toEqual([]);

    // Chat goes to everyone in the room, with the sender's role.
    expect(await a.emit('room:chat', { roomId, text: 'good luck!' })).toEqual({ ok: true });
    expect(await spec.emit('room:chat', { roomId, text: 'go Bob' })).toEqual({ ok: true });
    expect(await b.emit('room:chat', { roomId, text: 'x'.repeat(301) })).toMatchObject({ ok: false, code: 'bad-request' });
    await b.waitFor(() => b.received.filter((r) => r.event === 'room:chat').length >= 2, 5_000, 'chat');

    // The replay is refused while the match runs: it would show every hidden card.
    const matchId = a.view(roomId)!.matchId;
    expect((await fetch(`${t.url}/api/matches/${matchId}/replay`)).status).toBe(403);

    a.startAutoplay(roomId, makeRng('full-a'));
    b.startAutoplay(roomId, makeRng('full-b'));
    // A second spectator arrives mid-match: it must still be sent every card definition it needs.
    await spec.waitFor(() => (spec.view(roomId)?.seq ?? 0) >= 60 || spec.view(roomId)?.result != null, 60_000, 'mid-match');
    const late = await TestClient.connect(t.url, 'Latecomer');
    expect(await late.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    const over = (c: TestClient) => () => c.view(roomId)?.result != null;
    await Promise.all([a, b, spec, late].map((c) => c.waitFor(over(c), 90_000, 'result')));
    for (const c of [a, b, spec, late]) expect(missingDefs(c).slice(0, 5)).toEqual([]);

    const final = a.view(roomId)!;
    expect(final.result).not.toBeNull();
    expect(b.view(roomId)!.stateHash).toBe(final.stateHash);
    expect(spec.view(roomId)!.stateHash).toBe(final.stateHash);
    const room = t.server.game.room(roomId)!;
    expect(room.master!.stateHash).toBe(final.stateHash);
    expect(room.status).toBe('finished');
    // Only stale-view refusals are expected from random play (mulligans are simultaneous, and the server may
    // pass for a manager with no stop while the other acts on the view before), or 'match-over' when such a
    // pass ended the match.
    for (const e of [...a.autoplay!.errors, ...b.autoplay!.errors]) expect(['stale', 'rate-limited', 'match-over']).toContain((e as { code: string }).code);

    // Spectators follow every action: their last view has the final seq.
    expect(spec.view(roomId)!.seq).toBe(final.seq);

    const res = await fetch(`${t.url}/api/matches/${matchId}/replay`);
    expect(res.status).toBe(200);
    const replay = (await res.json()) as Replay & { result: unknown };
    expect(replay.actions.length).toBe(final.seq);
    expect(replay.result).toEqual(final.result);
    const states = replayStates(replay);
    expect(hashState(states[states.length - 1]!)).toBe(final.stateHash);

    // Scans: everything each viewer received, from join to result (views, events, room states, chat).
    const leaksA = scanForLeaks(a.received, secretsFor(states, 'A'));
    const leaksB = scanForLeaks(b.received, secretsFor(states, 'B'));
    const leaksSpec = scanForLeaks(spec.received, secretsFor(states, 'spectator'));
    expect(leaksA.slice(0, 5)).toEqual([]);
    expect(leaksB.slice(0, 5)).toEqual([]);
    expect(leaksSpec.slice(0, 5)).toEqual([]);
    // The scan is not vacuous: there were hidden ids to look for, and many messages, and the same scan over
    // A's messages with the secrets of B's point of view does find A's own hand.
    expect(scanForLeaks(a.received, secretsFor(states, 'B')).length).toBeGreaterThan(0);
    expect(secretsFor(states, 'A').ids.size).toBeGreaterThan(20);
    expect(a.received.filter((r) => r.event === 'match:view').length).toBeGreaterThan(50);

    for (const c of [a, b, spec, late]) c.close();
  });

  it('answers /healthz', async () => {
    const res = await fetch(`${t.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
  });

  it('404s an unknown replay', async () => {
    expect((await fetch(`${t.url}/api/matches/m_nope/replay`)).status).toBe(404);
  });
});
