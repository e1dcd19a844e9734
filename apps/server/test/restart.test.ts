/**
 * Restart: stop the server mid-match and start a new one on the same database file. Both clients reconnect
 * by themselves (socket.io-client), say hello with their tokens, get the same state hash as before the stop,
 * and play on to a result that the replay reproduces.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { makeRng, simplest } from '@vroyale/engine';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { twoManagers } from './helpers/match-setup.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

describe('restart on the same database', () => {
  it('restores an in-progress match from its log; clients continue with the same state hash', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await a.fullControl();
    a.startAutoplay(roomId, makeRng('rs-a'), (v) => v.seq >= 40 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('rs-b'));
    await a.waitFor(() => a.stopped, 30_000, 'pause');
    const before = { seq: t.server.game.room(roomId)!.master!.seq, hash: t.server.game.room(roomId)!.master!.stateHash };
    const viewsBefore = a.received.length;

    await t.restart();
    const master = t.server.game.room(roomId)?.master;
    expect(master).toBeDefined();
    expect({ seq: master!.seq, hash: master!.stateHash }).toEqual(before);

    const resynced = (c: typeof a) => () => c.received.slice(viewsBefore).some((r) => r.event === 'match:view' && (r.payload as { full: boolean }).full);
    await a.waitFor(resynced(a), 15_000, 'A resync');
    await b.waitFor(resynced(b), 15_000, 'B resync');
    expect(a.view(roomId)).toMatchObject({ seq: before.seq, stateHash: before.hash, full: true });
    expect(b.view(roomId)).toMatchObject({ seq: before.seq, stateHash: before.hash, full: true });
    expect(a.received.slice(viewsBefore).some((r) => r.event === 'server:notice')).toBe(true);

    // An action id accepted before the stop is still a duplicate after it: the first ack again, no change.
    const [firstId, firstSeq] = [...a.accepted][0]!;
    const v = a.view(roomId)!;
    expect(await a.emit('match:action', { roomId, clientActionId: firstId, seenSeq: v.seq, action: simplest(v.legal[0]!) })).toEqual({
      ok: true,
      seq: firstSeq,
    });
    expect(t.server.game.room(roomId)!.master!.stateHash).toBe(before.hash);

    a.startAutoplay(roomId, makeRng('rs-a2'));
    await a.waitFor(() => a.view(roomId)?.result != null, 60_000, 'result');
    await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'result');
    expect(a.view(roomId)!.stateHash).toBe(b.view(roomId)!.stateHash);
    const replay = (await (await fetch(`${t.server.url}/api/matches/${a.view(roomId)!.matchId}/replay`)).json()) as Replay;
    expect(replay.actions.length).toBe(a.view(roomId)!.seq);
    // The views sent after the restart (full resyncs) leak nothing either.
    const states = replayStates(replay);
    expect(scanForLeaks(a.received, secretsFor(states, 'A')).slice(0, 5)).toEqual([]);
    expect(scanForLeaks(b.received, secretsFor(states, 'B')).slice(0, 5)).toEqual([]);
    for (const c of [a, b]) c.close();
  });

  it('marks a match whose log no longer replays as broken and starts anyway', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    await a.fullControl();
    a.startAutoplay(roomId, makeRng('br-a'), (v) => v.seq >= 6 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('br-b'));
    await a.waitFor(() => a.stopped, 30_000, 'pause');
    const matchId = a.view(roomId)!.matchId;
    a.socket.io.opts.reconnection = false;
    b.socket.io.opts.reconnection = false;
    await t.restart(() => {
      // Rewrite history: the first action is now one the rules refuse at that point.
      const db = new Database(t.dbPath);
      db.prepare('UPDATE actions SET action_json = \'{"type":"pass","manager":"B"}\' WHERE match_id = ? AND seq = 1').run(matchId);
      db.close();
    });
    expect(t.server.game.room(roomId)).toBeUndefined();
    expect((await t.server.storage.match(matchId))!.status).toBe('broken');
    expect((await fetch(`${t.server.url}/healthz`)).status).toBe(200);
    for (const c of [a, b]) c.close();
  });
});
