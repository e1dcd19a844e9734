/**
 * scripts/services/postgres.mjs as the tests use it: a private cluster on loopback with fsync on, a fresh
 * database per test, and nothing left behind (no process, no folder) after stop.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { startPostgres } from '../../../scripts/services/postgres.mjs';
import { usePostgres } from './helpers/postgres.js';

const pgTest = usePostgres();

describe.skipIf(!pgTest.available)('the private PostgreSQL (scripts/services/postgres.mjs)', () => {
  it('runs with fsync on, listens on loopback only, and gives each test its own database', async () => {
    const url = await pgTest.freshDatabase();
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const show = async (name: string) => (await c.query(`SHOW ${name}`)).rows[0][name];
      expect(await show('fsync')).toBe('on');
      expect(await show('listen_addresses')).toBe('127.0.0.1');
      expect((await c.query('SELECT current_database() AS db')).rows[0].db).toMatch(/^t_/);
      expect((await c.query("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n).toBe(0);
    } finally {
      await c.end();
    }
    expect(await pgTest.freshDatabase()).not.toBe(url);
  });

  it('stop() ends the server and removes its folder', async () => {
    const other = await startPostgres();
    expect(existsSync(other.dir)).toBe(true);
    await other.stop();
    expect(existsSync(other.dir)).toBe(false);
    expect(() => process.kill(other.pid, 0)).toThrow();
  });
});
