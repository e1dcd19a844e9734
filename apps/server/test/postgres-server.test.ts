/**
 * The server on PostgreSQL end to end (issue 19 §1): a server started with VROYALE_DATABASE_URL (`databaseUrl`)
 * plays a match, is restarted mid-match on the same database, and the match carries on with the same state hash
 * (restart.test.ts's flow); the result replays and no view leaked hidden information. Accounts and decks go
 * through the same store over HTTP. Skipped with a clear line where PostgreSQL is not installed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { makeRng, simplest } from '@vroyale/engine';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { twoManagers } from './helpers/match-setup.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';
import { usePostgres } from './helpers/postgres.js';
import { api, freshName, register } from './helpers/auth-http.js';

const pgTest = usePostgres();
let t: TestServer | null = null;
let url = '';

describe.skipIf(!pgTest.available)('the server on PostgreSQL', () => {
  beforeAll(async () => {
    url = await pgTest.freshDatabase();
    t = await startTestServer({ databaseUrl: url, rateLimit: { capacity: 1000, refillPerSec: 1000 } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('plays a match, restarts on the same database mid-match, and carries on with the same state hash', async () => {
    const s = t!;
    expect(s.server.storage.backend).toBe('postgres');
    const { a, b, roomId } = await twoManagers(s.url);
    await a.fullControl();
    a.startAutoplay(roomId, makeRng('pg-a'), (v) => v.seq >= 40 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('pg-b'));
    await a.waitFor(() => a.stopped, 30_000, 'pause');
    const before = { seq: s.server.game.room(roomId)!.master!.seq, hash: s.server.game.room(roomId)!.master!.stateHash };
    const viewsBefore = a.received.length;

    // Every acked action is a row in PostgreSQL before the restart.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const matchId = a.view(roomId)!.matchId;
    const count = async () => (await db.query('SELECT count(*)::int AS n FROM actions WHERE match_id = $1', [matchId])).rows[0].n as number;
    expect(await count()).toBe(before.seq);

    await s.restart();
    const master = s.server.game.room(roomId)?.master;
    expect({ seq: master!.seq, hash: master!.stateHash }).toEqual(before);
    const resynced = (c: typeof a) => () => c.received.slice(viewsBefore).some((r) => r.event === 'match:view' && (r.payload as { full: boolean }).full);
    await a.waitFor(resynced(a), 15_000, 'A resync');
    await b.waitFor(resynced(b), 15_000, 'B resync');
    expect(a.view(roomId)).toMatchObject({ seq: before.seq, stateHash: before.hash });
    expect(b.view(roomId)).toMatchObject({ seq: before.seq, stateHash: before.hash });

    // An action id accepted before the stop is still a duplicate after it.
    const [firstId, firstSeq] = [...a.accepted][0]!;
    const v = a.view(roomId)!;
    expect(await a.emit('match:action', { roomId, clientActionId: firstId, seenSeq: v.seq, action: simplest(v.legal[0]!) })).toEqual({
      ok: true,
      seq: firstSeq,
    });

    a.startAutoplay(roomId, makeRng('pg-a2'));
    await a.waitFor(() => a.view(roomId)?.result != null, 60_000, 'result');
    await b.waitFor(() => b.view(roomId)?.result != null, 10_000, 'result');
    expect(a.view(roomId)!.stateHash).toBe(b.view(roomId)!.stateHash);
    const replay = (await (await fetch(`${s.server.url}/api/matches/${matchId}/replay`)).json()) as Replay;
    expect(replay.actions.length).toBe(a.view(roomId)!.seq);
    expect(await count()).toBe(a.view(roomId)!.seq);
    expect((await db.query('SELECT status FROM matches WHERE id = $1', [matchId])).rows[0].status).toBe('finished');
    await db.end();
    const states = replayStates(replay);
    expect(scanForLeaks(a.received, secretsFor(states, 'A')).slice(0, 5)).toEqual([]);
    expect(scanForLeaks(b.received, secretsFor(states, 'B')).slice(0, 5)).toEqual([]);
    for (const c of [a, b]) c.close();
  });

  it('accounts, decks and settings over HTTP use the same database', async () => {
    const s = t!;
    const name = freshName('pg');
    const { cookie, userId } = await register(s.url, name);
    const me = await api(s.url, '/api/me', { cookie });
    expect(me).toMatchObject({ status: 200, body: { userId, username: name, guest: false } });
    const deck = await api(s.url, '/api/decks', { method: 'POST', cookie, body: { name: 'Mine', code: 'not-a-code' } });
    expect(deck.status).toBe(400);
    expect((await api(s.url, '/api/settings', { method: 'PUT', cookie, body: { ui: { theme: 'dark' } } })).body).toMatchObject({ ui: { theme: 'dark' } });
    await s.restart();
    expect((await api(s.url, '/api/settings', { cookie })).body).toMatchObject({ ui: { theme: 'dark' } });
    expect((await api(s.url, `/api/users/${name}`)).body).toMatchObject({ username: name, games: 0 });
  });
});
