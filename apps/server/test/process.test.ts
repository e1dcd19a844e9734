/**
 * The server as `npm start` runs it (src/main.ts in its own process, configured by environment variables):
 * it logs structured JSON lines (pino), answers /healthz, serves a match, and on SIGTERM tells its clients,
 * finishes, logs its stop and exits 0 with every acknowledged action in the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { startNodeProcess, type NodeProcess } from './helpers/node-process.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-proc-'));
let node: NodeProcess | null = null;
afterAll(() => {
  if (node && node.child.exitCode === null) node.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('the server process', () => {
  it('logs JSON, serves, and shuts down gracefully on SIGTERM', async () => {
    const dbPath = join(dir, 'proc.db');
    node = await startNodeProcess('proc', { VROYALE_DB: dbPath });
    const { lines, port } = node;
    const url = `http://127.0.0.1:${port}`;
    expect(await (await fetch(`${url}/healthz`)).json()).toMatchObject({ ok: true });

    const { a, b, roomId } = await twoManagers(url);
    for (const c of [a, b]) c.socket.io.opts.reconnection = false;
    const v = a.view(roomId)!;
    expect(await a.emit('match:action', { roomId, clientActionId: 'p1', seenSeq: v.seq, action: { type: 'mulligan', redraw: false } })).toEqual({
      ok: true,
      seq: 1,
    });
    expect(await b.emit('match:action', { roomId, clientActionId: 'p2', seenSeq: 1, action: { type: 'mulligan', redraw: false } })).toEqual({
      ok: true,
      seq: 2,
    });

    const told = (c: TestClient) =>
      c.waitFor(() => c.received.some((r) => r.event === 'server:notice' && (r.payload as { kind: string }).kind === 'shutdown'), 10_000, 'shutdown notice');
    node.kill('SIGTERM');
    await Promise.all([told(a), told(b)]);
    expect(await node.exited).toBe(0);

    // Structured logs: every line is a JSON object with pino's fields.
    expect(node.unparsed).toEqual([]);
    for (const l of lines) expect(l).toMatchObject({ level: expect.any(Number), time: expect.any(Number), msg: expect.any(String), service: 'vroyale-server' });
    const msgs = lines.map((l) => l.msg);
    expect(msgs).toEqual(expect.arrayContaining(['server listening', 'match started', 'signal received', 'shutting down', 'stopped']));

    const db = new Database(dbPath, { readonly: true });
    const rows = db.prepare('SELECT seq FROM actions WHERE match_id = ? ORDER BY seq').all(v.matchId);
    db.close();
    expect(rows).toEqual([{ seq: 1 }, { seq: 2 }]);
    for (const c of [a, b]) c.close();
  });
});
