/**
 * Nothing acked is lost (issue 34 §2) on a single node with SQLite: the server is a real process, killed with -9
 * right after the ack of a registration and right after the ack of the ready that completes a ready check; started
 * again on the same file, the registration is there and the round is paired with both players (nobody dropped for
 * a ready the row had lost). The cluster's counterpart (the ack waits for the row's commit) is in
 * cluster/tournament-cluster.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TournamentView } from '@vroyale/protocol';
import { makeAccount } from './helpers/accounts.js';
import { startNodeProcess, type NodeProcess } from './helpers/node-process.js';
import { TestClient } from './helpers/test-client.js';
import type { TestServer } from './helpers/test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'vroyale-tdur-'));
const env = { VROYALE_DB: join(dir, 'v.db'), VROYALE_RATE_CAPACITY: '1000', VROYALE_RATE_PER_SEC: '1000', VROYALE_TOURNAMENT_READY_MS: '60000' };
let node: NodeProcess | null = null;
afterAll(() => {
  if (node && node.child.exitCode === null && node.child.signalCode === null) node.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function killAndRestart(): Promise<string> {
  node!.kill('SIGKILL');
  await node!.exited;
  node = await startNodeProcess('solo', env);
  return `http://127.0.0.1:${node.port}`;
}

async function watch(c: TestClient, id: string): Promise<TournamentView> {
  const w = await c.emit('tournament:watch', { tournamentId: id });
  if (!w.ok) throw new Error(w.message);
  return w as unknown as TournamentView;
}

describe('tournament changes survive kill -9 right after their ack (single node, SQLite)', () => {
  it('keeps an acked registration and an acked ready', async () => {
    node = await startNodeProcess('solo', env);
    let url = `http://127.0.0.1:${node.port}`;
    const s = String(Date.now() % 1_000_000);
    const org = await makeAccount({ url } as TestServer, null, `dorg${s}`);
    const p1 = await makeAccount({ url } as TestServer, null, `done${s}`);
    const created = await org.emit('tournament:create', { name: 'Durable cup', rounds: 1 });
    if (!created.ok) throw new Error(created.message);
    const id = created.tournamentId;
    expect(await org.emit('tournament:register', { tournamentId: id, roster: 'raid-night' })).toMatchObject({ ok: true });
    expect(await p1.emit('tournament:register', { tournamentId: id, roster: 'mod-squad' })).toMatchObject({ ok: true });
    for (const c of [org, p1]) c.close();

    url = await killAndRestart();
    const org2 = await TestClient.connect(url, 'org', org.token);
    const p2 = await TestClient.connect(url, 'p1', p1.token);
    expect((await watch(org2, id)).players.map((x) => x.name).sort()).toHaveLength(2);
    expect(await org2.emit('tournament:manage', { op: 'start', tournamentId: id })).toMatchObject({ ok: true });
    expect(await org2.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: true });
    // The ready that completes the check: acked once saved, before the pairing's own save.
    expect(await p2.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: true });
    for (const c of [org2, p2]) c.close();

    url = await killAndRestart();
    const org3 = await TestClient.connect(url, 'org', org.token);
    // Back from its row: both confirmed, so round 1 is paired with both (at once, not at the check's deadline).
    const end = Date.now() + 10_000;
    let v = await watch(org3, id);
    while (v.phase.kind !== 'playing' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 100));
      v = await watch(org3, id);
    }
    expect(v.phase).toMatchObject({ kind: 'playing', round: 1 });
    expect(v.history[0]!.pairings).toHaveLength(1);
    expect(v.history[0]!.pairings[0]!.b).not.toBeNull();
    org3.close();
  }, 30_000);
});
