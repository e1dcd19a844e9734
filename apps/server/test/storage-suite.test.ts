/**
 * THE storage test suite (issue 19 §1): the same tests against every backend of `Store` (src/storage/store.ts):
 * SQLite (a temporary file) and PostgreSQL (a private cluster, a fresh database per test; skipped with a clear
 * line when PostgreSQL is not installed). What a backend must keep: sessions, rooms, matches and their action log
 * (append, duplicate seq and client id refused, group commit of many, a failing row fails alone, writes issued
 * without awaiting apply in order), finish-once with results and ratings in the finishing transaction, decks,
 * settings, blocks, reports, profiles, account facts, and migrations (fresh, re-run; concurrent on PostgreSQL).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { starterRosters } from '@vroyale/cards';
import { hashToken } from '../src/identity/ids.js';
import { migrate } from '../src/storage/migrate.js';
import { MIGRATIONS } from '../src/storage/migrations/index.js';
import { createPool } from '../src/storage/postgres/pg-db.js';
import { migratePostgres } from '../src/storage/postgres/pg-migrate.js';
import { PgStore } from '../src/storage/postgres/pg-store.js';
import type { MatchRecord, RoomRecord } from '../src/storage/records.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import { UsernameTakenError, type AppendAction, type Store } from '../src/storage/store.js';
import { usePostgres } from './helpers/postgres.js';

const pgTest = usePostgres();
const dir = mkdtempSync(join(tmpdir(), 'vroyale-suite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

interface Backend {
  name: 'sqlite' | 'postgres';
  available: boolean;
  open(): Promise<Store>;
  /** Runs the migrations again on the store's database; returns the names run. */
  migrateAgain(s: Store): Promise<string[]>;
  /** The names recorded in schema_migrations. */
  recorded(s: Store): Promise<string[]>;
}

const BACKENDS: Backend[] = [
  {
    name: 'sqlite',
    available: true,
    open: () => SqliteStore.open(join(dir, `s${++files}.db`)),
    migrateAgain: (s) => migrate((s as SqliteStore).db),
    recorded: async (s) => ((s as SqliteStore).db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name),
  },
  {
    name: 'postgres',
    available: pgTest.available,
    open: async () => PgStore.open(await pgTest.freshDatabase()),
    migrateAgain: (s) => migratePostgres((s as PgStore).pool),
    recorded: async (s) => (await (s as PgStore).pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name),
  },
];

const roster = (id: string) => {
  const s = starterRosters.find((r) => r.id === id)!;
  return { centre: s.centre, cards: [...s.cards] };
};

function records(n: number, a = 'u_a', b = 'u_b', kind: MatchRecord['kind'] = 'room'): { room: RoomRecord; match: MatchRecord } {
  const occ = (userId: string, r: string) => ({ userId, name: userId, roster: roster(r), rosterLabel: r, bot: false });
  const room: RoomRecord = {
    id: `room${n}`,
    visibility: 'public',
    status: 'active',
    clock: { initialMs: 60_000, incrementMs: 0 },
    seats: { A: occ(a, 'raid-night'), B: occ(b, 'mod-squad') },
    matchId: `m${n}`,
    createdAt: 1,
    kind,
  };
  const match: MatchRecord = {
    id: `m${n}`,
    roomId: room.id,
    seed: 's',
    rosters: { A: roster('raid-night'), B: roster('mod-squad') },
    seats: { A: room.seats.A!, B: room.seats.B! },
    status: 'active',
    result: null,
    clocks: { A: 60_000, B: 60_000 },
    createdAt: 1,
    kind,
    endedAt: null,
  };
  return { room, match };
}

const action = (n: number, seq: number, extra: Partial<AppendAction> = {}): AppendAction => ({
  matchId: `m${n}`,
  roomId: `room${n}`,
  seq,
  actor: 'A',
  origin: 'player',
  action: { type: 'pass', manager: 'A' },
  clientActionId: `A:${n}-${seq}`,
  at: 1_000 + seq,
  clocks: { A: 50_000 - seq, B: 60_000 },
  result: null,
  ...extra,
});

describe.each(BACKENDS)('Store on $name', (backend) => {
  if (!backend.available) {
    it.skip(`needs PostgreSQL: ${'not installed here'}`, () => {});
    return;
  }
  let st: Store;
  afterEach(async () => {
    await st?.close();
  });
  const open = async () => (st = await backend.open());

  it('sessions: create (with the guest row), find with the user in one read, touch and rename, sweep, delete', async () => {
    await open();
    await st.createSession(hashToken('t1'), 'u1', 'Mika', 100);
    expect(await st.findSession(hashToken('t1'))).toEqual({ userId: 'u1', name: 'Mika', username: null, banned: false, stops: null, lastSeen: 100 });
    await st.touchSession(hashToken('t1'), 'u1', 'Mika2', 200);
    expect(await st.findSession(hashToken('t1'))).toMatchObject({ name: 'Mika2', lastSeen: 200 });
    await st.createSession(hashToken('t2'), 'u2', 'Old', 100);
    await st.touchSessions(['u1'], 300);
    expect(await st.deleteSessionsSeenBefore(250)).toBe(1);
    expect(await st.findSession(hashToken('t2'))).toBeNull();
    await st.setStops('u1', { own: { combat: true } });
    expect(await st.findStops('u1')).toEqual({ own: { combat: true } });
    await st.deleteSession(hashToken('t1'));
    expect(await st.findSession(hashToken('t1'))).toBeNull();
  });

  it('rooms and matches: saved, live, seats renamed, finished rooms found by their end, broken', async () => {
    await open();
    const { room, match } = records(1);
    await st.saveRoom({ ...room, status: 'waiting', matchId: null }, 1);
    expect((await st.liveRooms()).map((r) => [r.id, r.status])).toEqual([['room1', 'waiting']]);
    await st.startMatch(room, match, 2);
    expect(await st.liveRooms()).toEqual([{ ...room, kind: 'room' }]);
    expect(await st.match('m1')).toEqual(match);
    const seats = { ...match.seats, A: { ...match.seats.A, name: 'Renamed' } };
    await st.saveSeats({ ...room, seats }, { id: 'm1', seats }, 3);
    expect((await st.match('m1'))!.seats.A.name).toBe('Renamed');
    expect((await st.liveRooms())[0]!.seats.A!.name).toBe('Renamed');
    await st.endMatch('m1', 'room1', { winner: 'draw', reason: 'abandoned' }, { A: 1, B: 2 }, 5_000);
    expect(await st.liveRooms()).toEqual([]);
    expect((await st.finishedRoomsSince(4_000)).map((r) => r.id)).toEqual(['room1']);
    expect(await st.finishedRoomsSince(6_000)).toEqual([]);
    const b = records(2);
    await st.startMatch(b.room, b.match, 1);
    await st.markBroken('m2', 'room2', 7);
    expect(await st.match('m2')).toMatchObject({ status: 'broken', endedAt: 7 });
    await st.setRoomStatus('room1', 'closed', 8);
    expect(await st.finishedRoomsSince(0)).toEqual([]);
  });

  it('actions: appended in order, a duplicate seq or client action id refused, the clocks saved with each', async () => {
    await open();
    const { room, match } = records(1);
    await st.startMatch(room, match, 1);
    await st.writer.append(action(1, 1));
    await expect(st.writer.append(action(1, 1, { clientActionId: 'A:other' }))).rejects.toThrow();
    await expect(st.writer.append(action(1, 2, { clientActionId: 'A:1-1' }))).rejects.toThrow();
    await st.writer.append(action(1, 2));
    expect((await st.actions('m1')).map((a) => [a.seq, a.clientActionId, a.at])).toEqual([
      [1, 'A:1-1', 1_001],
      [2, 'A:1-2', 1_002],
    ]);
    expect((await st.match('m1'))!.clocks).toEqual({ A: 49_998, B: 60_000 });
  });

  it('a unit of actions (issue 33): all its rows or none, in one transaction, each row with its clocks, the match once', async () => {
    await open();
    for (const n of [1, 2]) {
      const { room, match } = records(n);
      await st.startMatch(room, match, 1);
    }
    await st.writer.append(action(1, 1));
    const before = st.writer.stats().commits;
    // A unit whose second row repeats a stored seq fails whole; a unit of another match in the same turn commits.
    const [bad, good] = await Promise.allSettled([
      st.writer.appendUnit([action(1, 2), action(1, 1, { clientActionId: null }), action(1, 3)]),
      st.writer.appendUnit([action(2, 1), action(2, 2, { clientActionId: null }), action(2, 3, { clientActionId: null })]),
    ]);
    expect(bad.status).toBe('rejected');
    expect(good.status).toBe('fulfilled');
    expect(st.writer.stats().commits - before).toBe(1);
    expect((await st.actions('m1')).map((a) => a.seq)).toEqual([1]);
    expect((await st.actions('m2')).map((a) => [a.seq, a.clientActionId])).toEqual([
      [1, 'A:2-1'],
      [2, null],
      [3, null],
    ]);
    expect((await st.match('m2'))!.clocks).toEqual({ A: 49_997, B: 60_000 });
    const q = "SELECT seq, clocks_json FROM actions WHERE match_id = 'm2' ORDER BY seq";
    const stored = st instanceof PgStore ? (await st.pool.query(q)).rows : (st as SqliteStore).db.prepare(q).all();
    expect((stored as { seq: number; clocks_json: string }[]).map((r) => [Number(r.seq), JSON.parse(r.clocks_json)])).toEqual([
      [1, { A: 49_999, B: 60_000 }],
      [2, { A: 49_998, B: 60_000 }],
      [3, { A: 49_997, B: 60_000 }],
    ]);
  });

  it('group commit: the appends of one turn share one transaction; a failing row fails alone', async () => {
    await open();
    for (const n of [1, 2, 3]) {
      const { room, match } = records(n);
      await st.startMatch(room, match, 1);
    }
    await st.writer.append(action(1, 1));
    const before = st.writer.stats().commits;
    const many = await Promise.allSettled([
      ...Array.from({ length: 50 }, (_, i) => st.writer.append(action(2, i + 1))),
      st.writer.append(action(1, 1, { clientActionId: 'dup' })),
      st.writer.append(action(3, 1)),
    ]);
    expect(many.filter((r) => r.status === 'rejected')).toHaveLength(1);
    expect(many[50]!.status).toBe('rejected');
    expect(st.writer.stats().commits - before).toBe(1);
    expect(st.writer.stats().largestBatch).toBeGreaterThanOrEqual(52);
    expect(await st.actions('m2')).toHaveLength(50);
    expect(await st.actions('m3')).toHaveLength(1);
    expect(await st.actions('m1')).toHaveLength(1);
  });

  it('writes issued without awaiting each other apply in issue order (room, match start, first action)', async () => {
    await open();
    const { room, match } = records(1);
    // The append's batch commits at the end of the turn: after every write issued before it (a write issued
    // after it in the same turn goes first; the master never does that: it awaits each append).
    const writes = [
      st.saveRoom({ ...room, status: 'waiting', matchId: null }, 1),
      st.startMatch(room, match, 2),
      st.saveClocks('m1', { A: 7, B: 8 }),
      st.writer.append(action(1, 1)),
    ];
    await Promise.all(writes);
    expect(await st.actions('m1')).toHaveLength(1);
    expect((await st.match('m1'))!.clocks).toEqual({ A: 49_999, B: 60_000 });
  });

  it('a match finishes once: the result, outcomes and ratings commit with the finishing action; a second finish changes nothing', async () => {
    await open();
    const a = await st.accounts.register(null, 'Alice', '$argon2id$x', 1);
    const b = await st.accounts.register(null, 'Bobby', '$argon2id$y', 1);
    if (!a.ok || !b.ok) throw new Error('register failed');
    const { room, match } = records(1, a.userId, b.userId, 'ranked');
    await st.startMatch(room, match, 1);
    await st.writer.append(action(1, 1, { action: { type: 'concede' }, actor: 'B', result: { winner: 'A', reason: 'concede' }, at: 9_000 }));
    expect(await st.match('m1')).toMatchObject({ status: 'finished', result: { winner: 'A', reason: 'concede' }, endedAt: 9_000 });
    const ra = await st.profiles.ratings(a.userId);
    expect(ra).toMatchObject([{ queue: 'ranked', games: 1, wins: 1, losses: 0 }]);
    expect(ra[0]!.rating).toBeGreaterThan(1500);
    expect(await st.profiles.ratings(b.userId)).toMatchObject([{ queue: 'ranked', games: 1, losses: 1 }]);
    await st.endMatch('m1', 'room1', { winner: 'B', reason: 'concede' }, { A: 0, B: 0 }, 10_000);
    expect(await st.match('m1')).toMatchObject({ result: { winner: 'A', reason: 'concede' }, endedAt: 9_000 });
    expect(await st.profiles.ratings(a.userId)).toEqual(ra);
    const profile = await st.profiles.profile('alice');
    expect(profile).toMatchObject({
      username: 'Alice',
      games: 1,
      wins: 1,
      losses: 0,
      draws: 0,
      favouriteStarters: [{ starter: 'raid-night', games: 1, wins: 1 }],
    });
    expect(profile!.recent[0]).toMatchObject({
      matchId: 'm1',
      outcome: 'win',
      opponent: { username: 'Bobby', bot: false },
      rating: { queue: 'ranked', before: 1500 },
    });
    expect(await st.profiles.history('BOBBY', 1, 10)).toMatchObject({ username: 'Bobby', total: 1, matches: [{ outcome: 'loss' }] });
    expect((await st.profiles.leaderboard('ranked', 10)).entries.map((e) => e.username)).toEqual(['Alice', 'Bobby']);
    expect(await st.profiles.profile('nobody')).toBeNull();
  });

  it('accounts: a guest registers on its own row, a taken name throws, a password change leaves one session', async () => {
    await open();
    const g = await st.accounts.createGuest('Mika', 1_000);
    expect(await st.accounts.register(g.userId, 'Mika_7', '$argon2id$a', 2_000)).toEqual({ ok: true, userId: g.userId });
    expect(await st.accounts.byUsername('mika-7')).toMatchObject({ id: g.userId, username: 'Mika_7', registeredAt: 2_000, createdAt: 1_000 });
    expect((await st.findSession(hashToken(g.token)))?.username).toBe('Mika_7');
    const other = await st.accounts.createGuest('Twin', 3);
    await expect(st.accounts.register(other.userId, 'MIKA_7', '$argon2id$b', 4)).rejects.toThrow(UsernameTakenError);
    expect(await st.accounts.byId(other.userId)).toMatchObject({ username: null });
    const t2 = await st.accounts.createSession(g.userId, 5);
    expect(await st.accounts.sessionCount(g.userId)).toBe(2);
    const fresh = await st.accounts.changePassword(g.userId, '$argon2id$new', 6);
    expect(await st.accounts.sessionCount(g.userId)).toBe(1);
    expect(await st.findSession(hashToken(t2))).toBeNull();
    expect((await st.findSession(hashToken(fresh)))?.userId).toBe(g.userId);
    const rotated = await st.accounts.rotateSession(hashToken(fresh), g.userId, 7);
    expect(await st.accounts.deleteSessionsOf(g.userId)).toEqual([hashToken(rotated)]);
  });

  it('decks: per owner, the limit counted with the insert, import all or nothing', async () => {
    await open();
    const u = await st.accounts.createGuest('Dee', 1);
    const other = await st.accounts.createGuest('Eve', 1);
    const d = await st.decks.create(u.userId, { name: 'One', code: 'c1' }, 10);
    expect(await st.decks.get(other.userId, d!.id)).toBeNull();
    expect(await st.decks.update(u.userId, d!.id, { name: 'Uno' }, 11)).toMatchObject({ name: 'Uno', code: 'c1', updatedAt: 11 });
    expect(
      await st.decks.import(
        u.userId,
        [
          { name: 'Uno', code: 'c1' },
          { name: 'Two', code: 'c2' },
          { name: 'Two', code: 'c2' },
          { name: 'Three', code: 'c3' },
        ],
        12,
      ),
    ).toEqual({ ok: true, imported: 2, skipped: 2 });
    expect((await st.decks.list(u.userId)).map((x) => x.name)).toEqual(['Three', 'Two', 'Uno']);
    const lots = Array.from({ length: 98 }, (_, i) => ({ name: `D${i}`, code: `x${i}` }));
    expect(await st.decks.import(u.userId, lots, 13)).toEqual({ ok: false, reason: 'too-many-decks' });
    expect(await st.decks.list(u.userId)).toHaveLength(3);
    expect(await st.decks.import(u.userId, lots.slice(0, 97), 13)).toMatchObject({ ok: true, imported: 97 });
    expect(await st.decks.create(u.userId, { name: 'Over', code: 'o' }, 14)).toBeNull();
    expect(await st.decks.delete(other.userId, d!.id)).toBe(false);
    expect(await st.decks.delete(u.userId, d!.id)).toBe(true);
  });

  it('settings, blocks, reports, user lookups, facts and bans', async () => {
    await open();
    const a = await st.accounts.register(null, 'Alpha', '$argon2id$a', 1);
    const b = await st.accounts.register(null, 'Alpine', '$argon2id$b', 2);
    const g = await st.accounts.createGuest('Guesty', 3);
    if (!a.ok || !b.ok) throw new Error('register failed');
    expect(await st.settings.ui(a.userId)).toBeNull();
    await st.settings.setUi(a.userId, { theme: 'dark' });
    expect(await st.settings.ui(a.userId)).toEqual({ theme: 'dark' });
    await st.blocks.add(a.userId, b.userId, 5);
    await st.blocks.add(a.userId, b.userId, 6);
    expect(await st.blocks.of(a.userId)).toEqual([b.userId]);
    await st.blocks.remove(a.userId, b.userId);
    expect(await st.blocks.of(a.userId)).toEqual([]);
    const r1 = await st.reports.create({ reporterId: a.userId, targetId: g.userId, matchId: null, reason: 'spam', note: 'hi' }, 10);
    const r2 = await st.reports.create({ reporterId: g.userId, targetId: b.userId, matchId: 'm9', reason: 'abuse', note: null }, 11);
    expect((await st.reports.list()).map((r) => [r.id, r.reporter, r.target])).toEqual([
      [r2, `Guesty (guest ${g.userId})`, 'Alpine'],
      [r1, 'Alpha', `Guesty (guest ${g.userId})`],
    ]);
    expect(await st.reports.resolve(r1, 'warned', 12)).toBe(true);
    expect(await st.reports.resolve(9_999, 'x', 12)).toBe(false);
    expect((await st.reports.list()).map((r) => r.id)).toEqual([r2]);
    expect((await st.reports.list(true)).find((r) => r.id === r1)).toMatchObject({ resolvedAt: 12, resolution: 'warned' });
    expect((await st.users.byPrefix('alp')).map((u) => u.username)).toEqual(['Alpha', 'Alpine']);
    expect(await st.users.byPrefix('a%')).toEqual([]);
    expect(await st.users.byUsername(' ALPHA ')).toMatchObject({ id: a.userId, bannedAt: null });
    expect(await st.users.usernameOf(g.userId)).toBeNull();
    expect(await st.users.usernameOf('nobody')).toBeUndefined();
    expect(await st.facts.usernameOf(a.userId)).toBe('Alpha');
    expect(await st.facts.userIdOf('alpine')).toBe(b.userId);
    expect(await st.facts.ratingOf(a.userId, 'ranked')).toEqual({ rating: 1500, rd: 350 });
    await st.accounts.createSession(b.userId, 19);
    await st.accounts.createSession(b.userId, 19);
    expect(await st.admin.ban(b.userId, 'cheating', 20)).toBe(2);
    expect(await st.accounts.sessionCount(b.userId)).toBe(0);
    expect(await st.facts.bannedAt(b.userId)).toBe(20);
    expect(await st.facts.bannedAmong([a.userId, b.userId, g.userId])).toEqual(new Set([b.userId]));
    expect(await st.users.byUsername('alpine')).toMatchObject({ bannedAt: 20, banReason: 'cheating' });
    await st.admin.unban(b.userId);
    expect(await st.facts.bannedAt(b.userId)).toBeNull();
  });

  it('migrations: a fresh database records every one; running them again runs none', async () => {
    await open();
    expect(await backend.recorded(st)).toEqual(MIGRATIONS.map((m) => m.name));
    expect(await backend.migrateAgain(st)).toEqual([]);
    expect(await backend.recorded(st)).toEqual(MIGRATIONS.map((m) => m.name));
  });
});

describe.skipIf(!pgTest.available)('migrations on PostgreSQL, several nodes at once', () => {
  it('two nodes migrating one fresh database at the same moment: each migration runs once, neither fails', async () => {
    const url = await pgTest.freshDatabase();
    const pools = [createPool(url, 2), createPool(url, 2), createPool(url, 2)];
    try {
      const ran = await Promise.all(pools.map((p) => migratePostgres(p)));
      expect(ran.flat().sort()).toEqual(MIGRATIONS.map((m) => m.name).sort());
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      expect((await c.query('SELECT count(*)::int AS n FROM schema_migrations')).rows[0].n).toBe(MIGRATIONS.length);
      await c.end();
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('a failing migration rolls back whole and is not recorded; the next run resumes there', async () => {
    const url = await pgTest.freshDatabase();
    const pool = createPool(url, 2);
    try {
      const bad = {
        name: '9999-bad',
        up: async (db: { exec(sql: string): unknown }) => void (await db.exec('CREATE TABLE half (x INT); SELECT no_such_column FROM half')),
      };
      await expect(migratePostgres(pool, { migrations: [...MIGRATIONS, bad] })).rejects.toThrow();
      const names = (await pool.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')).rows.map((r) => r.name);
      expect(names).toEqual(MIGRATIONS.map((m) => m.name));
      expect((await pool.query("SELECT to_regclass('half') AS t")).rows[0].t).toBeNull();
    } finally {
      await pool.end();
    }
  });
});
