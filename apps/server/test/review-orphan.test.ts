/**
 * A review process outlives no server (reviews/review-child.mjs): a real server process (`src/main.ts`) is killed
 * outright (kill -9: no shutdown) while its review process computes, or while it idles, and the review process
 * must be gone within seconds, not compute on for nobody. A busy review process sees no 'disconnect' until its
 * review ends, so the first case holds only through the check after each decision.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { logLine, startNodeProcess, type NodeProcess } from './helpers/node-process.js';
import { finishedMatch, getReview, postReview, processRunning, settled } from './helpers/review-kit.js';
import { poll } from './helpers/until.js';

let node: NodeProcess | null = null;
let reviewPid = 0;
const dir = mkdtempSync(join(tmpdir(), 'vroyale-review-orphan-'));
afterEach(() => {
  if (node && node.child.exitCode === null && node.child.signalCode === null) node.kill('SIGKILL');
  // Left over only when the test failed: never leave a review computing behind.
  if (reviewPid && processRunning(reviewPid)) process.kill(reviewPid, 'SIGKILL');
  node = null;
  reviewPid = 0;
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server process (its flood limits out of the way of two fast clients) with a finished match of about `seq` actions. */
async function serverWithMatch(name: string, seq: number, env: Record<string, string> = {}) {
  node = await startNodeProcess(name, {
    VROYALE_DB: join(dir, `${name}.db`),
    VROYALE_RATE_CAPACITY: '1000',
    VROYALE_RATE_PER_SEC: '1000',
    VROYALE_RATE_SESSION_CAPACITY: '100000',
    VROYALE_RATE_SESSION_PER_SEC: '100000',
    VROYALE_RATE_ADDRESS_CAPACITY: '100000',
    VROYALE_RATE_ADDRESS_PER_SEC: '100000',
    VROYALE_REVIEWS_PER_ADDRESS: '1000',
    VROYALE_REVIEW_PROCESSES: '1',
    ...env,
  });
  const server = { url: `http://127.0.0.1:${node.port}` };
  return { server, ...(await finishedMatch(server, seq)) };
}

/** The review process's pid, from the server's log, checked to be the server's child. */
async function reviewProcess(n: NodeProcess): Promise<number> {
  const pid = Number((await logLine(n.lines, 'review process started')).pid);
  const serverPid = n.child.pid!;
  expect(readFileSync(`/proc/${serverPid}/task/${serverPid}/children`, 'utf8').trim().split(' ').map(Number)).toContain(pid);
  return pid;
}

async function killServerAndWait(n: NodeProcess, pid: number): Promise<void> {
  expect(processRunning(pid)).toBe(true);
  n.kill('SIGKILL');
  await n.exited;
  await poll(async () => !processRunning(pid), 10_000, 'the orphaned review process gone');
}

describe('a review process whose server is killed (kill -9)', () => {
  it('stops mid-review, at the end of the decision it is in, not at the end of the review', async () => {
    // A search budget above the default on a long match: the review runs for a minute or more; its early
    // decisions (the one the kill lands in) take about a second at most.
    const { server, matchId, actions } = await serverWithMatch('orphan-busy', 400, { VROYALE_REVIEW_VERIFY: '300', VROYALE_REVIEW_CPU_MS: '600000' });
    expect(actions).toBeGreaterThan(200);
    expect((await postReview(server, matchId)).status).toBe(202);
    reviewPid = await reviewProcess(node!);
    await poll(
      async () => {
        const { body } = await getReview(server, matchId);
        return body.status === 'running' && body.progress.done > 0;
      },
      60_000,
      'the review running',
    );
    expect((await getReview(server, matchId)).body.progress.done).toBeLessThan(actions / 4);
    await killServerAndWait(node!, reviewPid);
  });

  it('stops when idle, between reviews', async () => {
    const { server, matchId } = await serverWithMatch('orphan-idle', 0, {
      VROYALE_REVIEW_DEALS: '1',
      VROYALE_REVIEW_VERIFY: '1',
      VROYALE_REVIEW_CANDIDATES: '2',
    });
    expect((await postReview(server, matchId)).status).toBe(202);
    expect((await settled(server, matchId)).last.status).toBe('done');
    reviewPid = await reviewProcess(node!);
    await killServerAndWait(node!, reviewPid);
  });
});
