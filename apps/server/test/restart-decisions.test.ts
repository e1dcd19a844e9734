/**
 * A game ends and is committed, and the server stops before a best-of-three or a tournament saved what it made of
 * it (the window between two writes). The test makes that window by hand: with the server stopped it takes the
 * game's end back out of the series' or the event's row. On start-up each asks its rooms again, so the match goes
 * on (the side-deck window opens) and the event records the table's result, instead of waiting forever.
 * SQLite only: the rows are edited in the database file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import type { TournamentView } from '@vroyale/protocol';
import { makeAccount } from './helpers/accounts.js';
import { actFromLatest, seatBoth } from './helpers/match-setup.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const sqlite = process.env.VROYALE_TEST_BACKEND !== 'postgres';
let t: TestServer;
beforeAll(async () => {
  if (sqlite) t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  if (sqlite) await t.close();
});

/** Rewrites one JSON row of `table` while the server is stopped. */
function editRow(table: 'series' | 'tournaments', id: string, edit: (rec: Record<string, unknown>) => void): void {
  const db = new Database(t.dbPath);
  try {
    const row = db.prepare(`SELECT data_json FROM ${table} WHERE id = ?`).get(id) as { data_json: string };
    const rec = JSON.parse(row.data_json) as Record<string, unknown>;
    edit(rec);
    db.prepare(`UPDATE ${table} SET data_json = ?, status = ? WHERE id = ?`).run(JSON.stringify(rec), rec.status, id);
  } finally {
    db.close();
  }
}

describe.skipIf(!sqlite)('decisions a restart must not lose (SQLite: rows edited in the file)', () => {
  it("a best-of-three whose row missed its game's end hears it at start-up: the side-deck window opens", async () => {
    const a = await TestClient.connect(t.url, 'Alice');
    const b = await TestClient.connect(t.url, 'Bob');
    const { roomId: g1 } = await seatBoth(a, b, { visibility: 'private', format: 'bo3' });
    expect(await actFromLatest(b, g1, { type: 'concede' }, 'g1')).toMatchObject({ ok: true });
    await a.waitFor(() => a.roomStates.get(g1)?.series?.status === 'between', 5_000, 'window');
    const seriesId = a.roomStates.get(g1)!.series!.seriesId;
    a.close();
    b.close();
    await t.restart(() =>
      editRow('series', seriesId, (rec) => {
        (rec.games as { winner: unknown }[])[0]!.winner = null;
        Object.assign(rec, { status: 'playing', between: null });
      }),
    );
    const series = t.server.game.room(g1)?.series;
    expect(series?.rec.status).toBe('between');
    expect(series?.rec.games[0]).toMatchObject({ roomId: g1, winner: 'A' });
  });

  it("an event whose row missed a table's result records it at start-up from the room", async () => {
    const stamp = Date.now() % 100_000;
    const a = await makeAccount(t, null, `rda${stamp}`);
    const b = await makeAccount(t, null, `rdb${stamp}`);
    const created = await a.emit('tournament:create', { name: 'Restart cup', rounds: 1 });
    if (!created.ok) throw new Error(created.message);
    const id = created.tournamentId;
    for (const c of [a, b]) expect(await c.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(await a.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true });
    for (const c of [a, b]) expect(await c.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: true });
    const rec = () => t.server.game.tournaments['byId'].get(id)!.rec;
    await a.waitFor(() => rec().phase.kind === 'playing' && Object.keys(rec().rooms).length === 1, 5_000, 'table open');
    const [roomId] = Object.values(rec().rooms);
    const m = rec().state!.rounds[0]!.pairings[0]!;
    // The pairing's player b concedes: player a wins the table 1–0.
    const loser = m.b === rec().entrants.find((e) => e.userId === b.userId)!.playerId ? b : a;
    await loser.waitFor(() => loser.view(roomId!) !== undefined, 5_000, 'table view');
    expect(await actFromLatest(loser, roomId!, { type: 'concede' }, 'rd')).toMatchObject({ ok: true });
    await a.waitFor(() => rec().status === 'finished', 5_000, 'event over');
    const phase = { kind: 'playing', stage: 'swiss', round: 1, endsAt: Date.now() + 3_600_000, timeCalled: false };
    a.close();
    b.close();
    await t.restart(() =>
      editRow('tournaments', id, (r) => {
        delete (r.state as { rounds: { pairings: { result?: unknown }[] }[] }).rounds[0]!.pairings[0]!.result;
        Object.assign(r, { status: 'running', phase });
      }),
    );
    const again = rec();
    expect(again.status).toBe('finished');
    expect(again.state!.rounds[0]!.pairings[0]!.result).toEqual({ winsA: 1, winsB: 0, draws: 0 });
    const watcher = await TestClient.connect(t.url, 'Watcher');
    expect(((await watcher.emit('tournament:watch', { tournamentId: id })) as unknown as TournamentView).champion).toBe(m.a);
    watcher.close();
  });
});
