/**
 * The write lane when PostgreSQL ends a connection it holds between two queries (a restart, an administrator's
 * pg_terminate_backend): the client emits 'error' with no query to take it, which would end the process without
 * the lane's listener (vitest fails a test on an unhandled error). The job fails as "unavailable", the broken
 * connection is not reused, and the next job runs on a fresh one.
 */
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { usePostgres } from './helpers/postgres.js';
import { createPool, isUnavailable, WriteLane } from '../src/storage/postgres/pg-db.js';

const pgTest = usePostgres();

describe.skipIf(!pgTest.available)('the write lane and a terminated connection', () => {
  it('fails the job as unavailable and carries on with a new connection', async () => {
    const url = await pgTest.freshDatabase();
    const pool = createPool(url, 2);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const lane = new WriteLane(pool);
      let first = 0;
      const job = lane.raw(async (c) => {
        first = Number((await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid);
        await admin.query('SELECT pg_terminate_backend($1)', [first]);
        // The FATAL message and the socket's end arrive while this client runs no query.
        await new Promise((r) => setTimeout(r, 300));
        await c.query('SELECT 1');
      });
      const e = await job.then(
        () => null,
        (err: unknown) => err,
      );
      expect(e).not.toBeNull();
      expect(isUnavailable(e)).toBe(true);
      const next = await lane.tx(async (c) => Number((await c.query('SELECT pg_backend_pid() AS pid')).rows[0].pid));
      expect(next).not.toBe(first);
    } finally {
      await admin.end();
      await pool.end();
    }
  }, 30_000);
});
