/**
 * The puzzle tables (migration 0011) on both backends, SQLite and PostgreSQL (skipped where it is not installed):
 * a first attempt writes both ratings; any later one of the same puzzle, even one the service thought was first,
 * writes only the streak; ratings and attempts read back.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { hashToken } from '../src/identity/ids.js';
import { PgStore } from '../src/storage/postgres/pg-store.js';
import type { PuzzleAttemptWrite } from '../src/storage/puzzle-store.js';
import { SqliteStore } from '../src/storage/sqlite/sqlite-store.js';
import type { Store } from '../src/storage/store.js';
import { usePostgres } from './helpers/postgres.js';

const pgTest = usePostgres();
const dir = mkdtempSync(join(tmpdir(), 'vroyale-puzzles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

const BACKENDS = [
  { name: 'sqlite', available: true, open: (): Promise<Store> => SqliteStore.open(join(dir, `p${++files}.db`)) },
  { name: 'postgres', available: pgTest.available, open: async (): Promise<Store> => PgStore.open(await pgTest.freshDatabase()) },
];

const g = (rating: number) => ({ rating, rd: 300, volatility: 0.06 });
const write = (w: Partial<PuzzleAttemptWrite>): PuzzleAttemptWrite => ({
  userId: 'u_p',
  puzzleId: 'win-0000000001',
  solved: true,
  at: 1_000,
  before: g(1500),
  rated: { player: g(1600), puzzle: g(1400) },
  streak: 1,
  bestStreak: 1,
  ...w,
});

describe.each(BACKENDS)('puzzle store on $name', (backend) => {
  let st: Store | undefined;
  afterEach(async () => {
    await st?.close();
    st = undefined;
  });

  it.skipIf(!backend.available)('rates a first attempt once; a later one writes the streak only', async () => {
    st = await backend.open();
    await st.createSession(hashToken('t'), 'u_p', 'Puzzler', 1);
    expect(await st.puzzles.player('u_p')).toBeNull();
    expect(await st.puzzles.record(write({}))).toBe(true);
    expect(await st.puzzles.player('u_p')).toEqual({ ...g(1600), streak: 1, bestStreak: 1 });
    expect((await st.puzzles.ratings()).get('win-0000000001')).toEqual({ ...g(1400), plays: 1 });

    // The same puzzle again, sent as if first (a double submit): the key refuses it; ratings stay, the streak moves.
    const again = write({ solved: false, before: g(1600), rated: { player: g(1500), puzzle: g(1500) }, streak: 0, bestStreak: 1, at: 2_000 });
    expect(await st.puzzles.record(again)).toBe(false);
    expect(await st.puzzles.player('u_p')).toEqual({ ...g(1600), streak: 0, bestStreak: 1 });
    expect((await st.puzzles.ratings()).get('win-0000000001')).toEqual({ ...g(1400), plays: 1 });

    // Another puzzle, failed: rated; attempts say what the first attempt of each was.
    expect(
      await st.puzzles.record(
        write({ puzzleId: 'survive-0000000002', solved: false, before: g(1600), rated: { player: g(1550), puzzle: g(1450) }, streak: 0 }),
      ),
    ).toBe(true);
    expect(await st.puzzles.attempts('u_p')).toEqual(
      new Map([
        ['win-0000000001', true],
        ['survive-0000000002', false],
      ]),
    );
    expect(await st.puzzles.attempts('u_other')).toEqual(new Map());
  });
});
