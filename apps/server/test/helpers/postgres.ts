/**
 * A private PostgreSQL for a test file (scripts/services/postgres.mjs): started once per file, a fresh database
 * per test (`CREATE DATABASE`, a few ms), stopped in afterAll. Where PostgreSQL is not installed the tests that
 * need it skip, and one line says what is missing and how to install it.
 *
 *   const pg = usePostgres();            // at the top of the file: registers beforeAll/afterAll
 *   describe.skipIf(!pg.available)(...)  // then in a test: const url = await pg.freshDatabase();
 *   await pg.halt('fast'); ... await pg.resume();   // a database restart under running servers
 */
import { afterAll, beforeAll } from 'vitest';
import pg from 'pg';
import { findPostgres, startPostgres, type RunningPostgres } from '../../../../scripts/services/postgres.mjs';

export const POSTGRES_MISSING =
  'PostgreSQL is not installed: its tests are skipped (install: sudo apt-get install -y postgresql, or sudo node scripts/services/postgres.mjs install)';

export interface TestPostgres {
  /** Is PostgreSQL installed here? When false, the file's PostgreSQL tests skip. */
  readonly available: boolean;
  /** The cluster's admin URL (its `postgres` database); only inside tests. */
  readonly url: string;
  /** A new empty database; returns its URL. */
  freshDatabase(): Promise<string>;
  /** Stops the file's server, keeping its data ('fast': `pg_ctl stop -m fast`; 'immediate': a crash). */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
}

let said = false;

export function usePostgres(): TestPostgres {
  const available = findPostgres() !== null;
  if (!available && !said) {
    said = true;
    console.warn(POSTGRES_MISSING);
  }
  let server: RunningPostgres | null = null;
  let n = 0;
  if (available) {
    beforeAll(async () => {
      server = await startPostgres();
    }, 60_000);
    afterAll(async () => {
      await server?.stop();
      server = null;
    }, 30_000);
  }
  return {
    available,
    get url() {
      if (!server) throw new Error('PostgreSQL is not running (not installed, or used outside a test)');
      return server.url;
    },
    async halt(mode = 'fast') {
      if (!server) throw new Error('PostgreSQL is not running (not installed, or used outside a test)');
      await server.halt(mode);
    },
    async resume() {
      if (!server) throw new Error('PostgreSQL is not running (not installed, or used outside a test)');
      await server.resume();
    },
    async freshDatabase() {
      if (!server) throw new Error('PostgreSQL is not running (not installed, or used outside a test)');
      const name = `t_${process.pid}_${++n}`;
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        await admin.query(`CREATE DATABASE ${name}`);
      } finally {
        await admin.end();
      }
      return server.url.replace(/\/postgres$/, `/${name}`);
    },
  };
}
