/**
 * `GET /healthz`: can this node take matches? The database must answer (a cheap query through the storage's
 * `ping`) and, when VROYALE_REDIS_URL is set, Redis too. 200 `{ ok: true, checks }` or 503 `{ ok: false, checks }`:
 * a load balancer (deploy/haproxy) sends no new clients to a node that answers 503. Each check gets
 * `timeoutMs`: a database or Redis that hangs is as down as one that refuses.
 */
import type { RequestHandler } from 'express';

export type CheckState = 'ok' | 'down' | 'off';

export interface HealthChecks {
  /** Resolves when the database answers a trivial query. */
  database(): Promise<void>;
  /** Resolves when Redis answers a PING; null when no Redis is configured. */
  redis: (() => Promise<void>) | null;
  timeoutMs?: number;
  /** Told why a check failed (the body says only 'down'). */
  onDown?(check: 'database' | 'redis', e: unknown): void;
}

const DEFAULT_TIMEOUT_MS = 2_000;

async function probe(check: () => Promise<void>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function runHealthChecks(c: HealthChecks): Promise<{ ok: boolean; checks: { database: CheckState; redis: CheckState } }> {
  const timeoutMs = c.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const state = async (name: 'database' | 'redis', check: (() => Promise<void>) | null): Promise<CheckState> => {
    if (!check) return 'off';
    try {
      await probe(check, timeoutMs);
      return 'ok';
    } catch (e) {
      c.onDown?.(name, e);
      return 'down';
    }
  };
  const [database, redis] = await Promise.all([state('database', c.database), state('redis', c.redis)]);
  return { ok: database === 'ok' && redis !== 'down', checks: { database, redis } };
}

export function healthRoute(c: HealthChecks): RequestHandler {
  return (_req, res, next) => {
    runHealthChecks(c).then((h) => {
      res
        .status(h.ok ? 200 : 503)
        .set('Cache-Control', 'no-store')
        .json(h);
    }, next);
  };
}
