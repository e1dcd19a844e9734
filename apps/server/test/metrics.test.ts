/**
 * The Prometheus listener (issue 19 §4): served on its own loopback port, not on the public one, and its
 * numbers follow what the node does (actions played, commits, sockets, live matches).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng } from '@vroyale/engine';
import { parsePromText, sampleSum, type Sample } from '../src/metrics/prom-text.js';
import { twoManagers } from './helpers/match-setup.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ metricsPort: 0 });
});
afterAll(async () => {
  await t.close();
});

async function scrape(): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${t.server.metricsPort}/metrics`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePromText(await res.text());
}

describe('metrics listener', () => {
  it('serves /metrics on its own port, and neither it nor /api/metrics on the public one', async () => {
    expect(t.server.metricsPort).toEqual(expect.any(Number));
    expect(t.server.metricsPort).not.toBe(t.server.port);
    const s = await scrape();
    for (const name of [
      'vroyale_sockets',
      'vroyale_ownership_changes_total',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'vroyale_flood_kicks_total',
    ])
      expect(
        s.some((x) => x.name === name),
        name,
      ).toBe(true);
    expect(
      s
        .filter((x) => x.name === 'vroyale_ownership_changes_total')
        .map((x) => x.labels.change)
        .sort(),
    ).toEqual(['acquired', 'lost', 'released', 'taken-over']);
    expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
    const api = await fetch(`${t.url}/api/metrics`);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'not-found' });
    expect((await fetch(`http://127.0.0.1:${t.server.metricsPort}/other`)).status).toBe(404);
  });

  it('counts actions, commits, sockets and live matches as they happen', async () => {
    const before = await scrape();
    const { a, b, roomId } = await twoManagers(t.url, { visibility: 'private' });
    a.startAutoplay(roomId, makeRng('metrics-a'), (v) => v.seq >= 12);
    b.startAutoplay(roomId, makeRng('metrics-b'), (v) => v.seq >= 12);
    await a.waitFor(() => (a.view(roomId)?.seq ?? 0) >= 12, 20_000, 'seq 12');
    const after = await scrape();
    const played = a.accepted.size + b.accepted.size;
    expect(played).toBeGreaterThan(0);
    const d = (name: string, labels: Record<string, string> = {}) => sampleSum(after, name, labels) - sampleSum(before, name, labels);
    // Every accepted player action was timed from queue to broadcast; its append was timed and committed.
    expect(d('vroyale_action_to_broadcast_seconds_count', { origin: 'player' })).toBeGreaterThanOrEqual(played);
    expect(d('vroyale_action_to_broadcast_seconds_sum')).toBeGreaterThan(0);
    expect(d('vroyale_commit_seconds_count', { result: 'ok' })).toBeGreaterThanOrEqual(played);
    expect(d('vroyale_committed_actions_total')).toBeGreaterThanOrEqual(played);
    expect(d('vroyale_group_commits_total')).toBeGreaterThan(0);
    // Each action's frame was parsed after a measured wait, as a seated manager's.
    expect(d('vroyale_read_wait_seconds_count', { class: 'seated' })).toBeGreaterThanOrEqual(played);
    expect(sampleSum(after, 'vroyale_sockets')).toBe(2);
    expect(sampleSum(after, 'vroyale_matches_live', { opponent: 'human' })).toBe(1);
    expect(sampleSum(after, 'vroyale_rooms', { status: 'active' })).toBe(1);
    a.close();
    b.close();
    await until(async () => sampleSum(await scrape(), 'vroyale_sockets') === 0);
  });
});

describe('metrics of a bot match', () => {
  it('times the bot decisions and its moves, and counts the match as against the bot', async () => {
    const before = await scrape();
    const c = await TestClient.connect(t.url, 'Botfan');
    const played = await c.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    if (!played.ok) throw new Error(played.message);
    const roomId = played.roomId;
    await c.waitFor(() => c.view(roomId) !== undefined, 10_000, 'first view');
    c.startAutoplay(roomId, makeRng('metrics-bot'), (v) => v.seq >= 10);
    await c.waitFor(() => (c.view(roomId)?.seq ?? 0) >= 10, 20_000, 'seq 10');
    const after = await scrape();
    const d = (name: string, labels: Record<string, string> = {}) => sampleSum(after, name, labels) - sampleSum(before, name, labels);
    expect(d('vroyale_bot_decision_seconds_count', { result: 'ok' })).toBeGreaterThan(0);
    expect(d('vroyale_bot_decision_seconds_count', { result: 'failed' })).toBe(0);
    expect(after.some((x) => x.name === 'vroyale_bot_decision_seconds_count' && x.labels.level)).toBe(true);
    expect(d('vroyale_action_to_broadcast_seconds_count', { origin: 'bot' })).toBeGreaterThan(0);
    expect(sampleSum(after, 'vroyale_matches_live', { opponent: 'bot' })).toBe(1);
    c.close();
  });
});

async function until(check: () => Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}
