/**
 * Migrations (issue 17 §6): a database written by the server before accounts (schema 3, numbered by
 * user_version; test/fixtures/README.md) upgrades in place when a server starts on it, and play carries on:
 * the same guests with the same ids and settings, the live bot match restored and playable, the finished match
 * indexed in match_players. A second start runs nothing; a fresh database gets every migration; a failing
 * migration rolls back and leaves the database at the previous one.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { makeRng } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { migrate } from '../src/storage/migrate.js';
import { MIGRATIONS } from '../src/storage/migrations/index.js';
import { openDatabase } from '../src/storage/sqlite/sqlite-store.js';
import { startTestServer } from './helpers/test-server.js';
import { pickRandom, TestClient } from './helpers/test-client.js';
import { sqliteOf } from './helpers/sqlite.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const tokens = JSON.parse(readFileSync(join(fixtures, 'pre-accounts.tokens.json'), 'utf8')) as {
  Alice: string;
  Bob: string;
  Carol: string;
  rooms: { finished: string };
};
const dir = mkdtempSync(join(tmpdir(), 'vroyale-migrations-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const names = MIGRATIONS.map((m) => m.name);
const applied = (db: Database.Database) => (db.prepare('SELECT name FROM schema_migrations ORDER BY name').all() as { name: string }[]).map((r) => r.name);

describe('a database from before accounts', () => {
  it('upgrades in place; guests, settings, the live bot match and the finished match carry on', async () => {
    const dbPath = join(dir, 'old.db');
    copyFileSync(join(fixtures, 'pre-accounts.db'), dbPath);
    const before = new Database(dbPath, { readonly: true });
    expect(before.pragma('user_version', { simple: true })).toBe(3);
    const oldSessions = before.prepare('SELECT user_id, name FROM sessions').all() as { user_id: string; name: string }[];
    const liveBot = before.prepare("SELECT id, room_id, seats_json FROM matches WHERE status = 'active'").get() as {
      id: string;
      room_id: string;
      seats_json: string;
    };
    const finished = before.prepare("SELECT id, seats_json FROM matches WHERE status = 'finished'").get() as { id: string; seats_json: string };
    before.close();
    const idOf = (name: string) => oldSessions.find((s) => s.name === name)!.user_id;

    const t = await startTestServer({ dbPath });
    try {
      const db = sqliteOf(t.server.storage).db;
      expect(applied(db)).toEqual(names);
      expect(db.pragma('user_version', { simple: true })).toBe(names.length);

      // The same users, by their old tokens.
      const [alice, bob, carol] = await Promise.all([
        TestClient.connect(t.url, 'Alice', tokens.Alice),
        TestClient.connect(t.url, 'Bob', tokens.Bob),
        TestClient.connect(t.url, 'Carol', tokens.Carol),
      ]);
      expect(alice.userId).toBe(idOf('Alice'));
      expect(bob.userId).toBe(idOf('Bob'));
      expect(carol.userId).toBe(idOf('Carol'));
      expect([alice.token, bob.token, carol.token]).toEqual([tokens.Alice, tokens.Bob, tokens.Carol]);
      // Alice's stop settings moved to her users row; the others never sent any.
      expect(await t.server.storage.findStops(alice.userId!)).toEqual(DEFAULT_STOP_SETTINGS);
      expect(await t.server.storage.findStops(bob.userId!)).toBeNull();

      // Carol's bot match came back: her seat, her view, and she can act in it.
      const seats = JSON.parse(liveBot.seats_json) as { A: { userId: string } };
      expect(seats.A.userId).toBe(carol.userId);
      await carol.waitFor(() => carol.view(liveBot.room_id) !== undefined, 15_000, "Carol's view");
      expect(carol.view(liveBot.room_id)!.matchId).toBe(liveBot.id);
      // Full control: the server never answers for her, so a view of hers that asks her to act stays hers.
      await carol.fullControl();
      const mine = () => {
        const v = carol.view(liveBot.room_id);
        return v && v.deciders.includes('A') && v.legal.some((l) => l.type !== 'concede' && l.type !== 'tilt-star') ? v : undefined;
      };
      await carol.waitFor(() => mine() !== undefined, 15_000, 'Carol to act');
      const v = mine()!;
      const played = await carol.emit('match:action', {
        roomId: liveBot.room_id,
        clientActionId: 'after-migration',
        seenSeq: v.seq,
        action: pickRandom(v.legal, makeRng('migrated')),
      });
      expect(played).toMatchObject({ ok: true, seq: v.seq + 1 });
      const last = carol.view(liveBot.room_id)!;
      const ack = await carol.emit('match:action', {
        roomId: liveBot.room_id,
        clientActionId: 'concede',
        seenSeq: last.seq,
        action: { type: 'concede' } as never,
      });
      expect(ack).toMatchObject({ ok: true });
      await carol.waitFor(() => carol.view(liveBot.room_id)?.result != null, 15_000, 'result');

      // The finished match is indexed by player with its outcomes; kinds were derived from the seats.
      const players = db.prepare('SELECT seat, user_id, bot, name, outcome FROM match_players WHERE match_id = ? ORDER BY seat').all(finished.id);
      expect(players).toEqual([
        { seat: 'A', user_id: idOf('Alice'), bot: 0, name: 'Alice', outcome: 'win' },
        { seat: 'B', user_id: idOf('Bob'), bot: 0, name: 'Bob', outcome: 'loss' },
      ]);
      expect(db.prepare('SELECT kind FROM matches WHERE id = ?').get(finished.id)).toEqual({ kind: 'room' });
      expect(db.prepare('SELECT kind FROM matches WHERE id = ?').get(liveBot.id)).toEqual({ kind: 'bot' });
      // The migrated live match records its result like any other: Carol conceded to the bot.
      expect(db.prepare('SELECT seat, outcome FROM match_players WHERE match_id = ? ORDER BY seat').all(liveBot.id)).toEqual([
        { seat: 'A', outcome: 'loss' },
        { seat: 'B', outcome: 'win' },
      ]);
      for (const c of [alice, bob, carol]) c.close();

      // A second start on the upgraded file runs nothing new.
      const appliedAt = db.prepare('SELECT name, applied_at FROM schema_migrations ORDER BY name').all();
      await t.restart();
      expect(sqliteOf(t.server.storage).db.prepare('SELECT name, applied_at FROM schema_migrations ORDER BY name').all()).toEqual(appliedAt);
      expect(await migrate(sqliteOf(t.server.storage).db)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('the migration runner', () => {
  it('gives a fresh database every migration, in order', async () => {
    const db = openDatabase(join(dir, 'fresh.db'));
    expect(await migrate(db)).toEqual(names);
    expect(applied(db)).toEqual(names);
    expect(db.pragma('user_version', { simple: true })).toBe(names.length);
    expect(await migrate(db)).toEqual([]);
    db.close();
  });

  it('rolls a failing migration back whole and leaves the database at the previous one', async () => {
    const db = openDatabase(join(dir, 'failing.db'));
    const failing = {
      name: '0005-broken',
      up: (ctx: { exec(sql: string): void }) => {
        ctx.exec('CREATE TABLE half_done (x INTEGER)');
        ctx.exec('INSERT INTO half_done VALUES (1)');
        ctx.exec('ALTER TABLE no_such_table ADD COLUMN y INTEGER');
      },
    };
    await expect(migrate(db, { migrations: [...MIGRATIONS, failing] })).rejects.toThrow(/0005-broken/);
    expect(applied(db)).toEqual(names);
    expect(db.pragma('user_version', { simple: true })).toBe(names.length);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'half_done'").get()).toBeUndefined();
    expect(db.inTransaction).toBe(false);
    // Fixed, it runs next time.
    expect(
      await migrate(db, {
        migrations: [...MIGRATIONS, { name: '0005-broken', up: (ctx: { exec(sql: string): void }) => ctx.exec('CREATE TABLE half_done (x INTEGER)') }],
      }),
    ).toEqual(['0005-broken']);
    db.close();
  });

  it('refuses a database numbered past the migrations it knows', async () => {
    const db = openDatabase(join(dir, 'future.db'));
    db.pragma(`user_version = ${MIGRATIONS.length + 1}`);
    await expect(migrate(db)).rejects.toThrow(/newer than this server knows/);
    db.close();
  });
});
