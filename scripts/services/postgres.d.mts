/** Types of postgres.mjs for the TypeScript tests that start a cluster (apps/server/test/helpers/postgres.ts). */
export interface RunningPostgres {
  port: number;
  url: string;
  dir: string;
  pid: number;
  stop(): Promise<void>;
  /** Stops the server, keeping its folder: 'fast' as `pg_ctl stop -m fast` (SIGINT), 'immediate' (SIGQUIT). */
  halt(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts a halted server again on the same folder and port. */
  resume(): Promise<void>;
}
export function findPostgres(): string | null;
export function install(): void;
export function startPostgres(opts?: { detached?: boolean; startTimeoutMs?: number }): Promise<RunningPostgres>;
export function stopPostgres(target: string): Promise<void>;
