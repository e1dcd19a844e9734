/**
 * The match so far for late arrivals (issue 16 §5): a spectator who starts watching mid-match, a manager's
 * reloaded page and a spectator after a restart each get one `match:log-history` right after their full view:
 * exactly the public events a spectator watching from the start was sent, batch by batch, and never a hidden
 * card id (hands, roster order), not even in the history a manager gets for their own seat.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRng, type GameEvent } from '@vroyale/engine';
import type { LogBatch, MatchLogHistory, ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient, type Received } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
});
afterAll(async () => {
  await t.close();
});

const histories = (c: TestClient): MatchLogHistory[] => c.received.filter((r) => r.event === 'match:log-history').map((r) => r.payload as MatchLogHistory);

/** What a spectator who watched from the start was sent: its views' events, per seq, up to `seq`. */
/**
 * The events the live views carried up to `seq`, in order. A live view carries a whole unit (an action and the
 * automatic passes it set off: master/action-unit.ts); the history keeps one batch per action.
 */
function liveEvents(c: TestClient, roomId: string, seq: number): LogBatch['events'][number][] {
  return c.received
    .filter((r) => r.event === 'match:view')
    .map((r) => r.payload as ViewMessage)
    .filter((v) => v.roomId === roomId && !v.full && v.events.length > 0 && v.seq <= seq)
    .flatMap((v) => v.events);
}

async function watcher(roomId: string, name: string): Promise<TestClient> {
  const s = await TestClient.connect(t.url, name);
  const ack = await s.emit('room:spectate', { roomId });
  if (!ack.ok) throw new Error(ack.message);
  await s.waitFor(() => histories(s).length > 0, 10_000, 'history');
  return s;
}

describe('the match log for late arrivals', () => {
  it('a late spectator, a reloaded manager and a spectator after a restart get the public record so far, leaking nothing', async () => {
    const { a, b, roomId } = await twoManagers(t.url);
    const early = await TestClient.connect(t.url, 'Early');
    expect((await early.emit('room:spectate', { roomId })).ok).toBe(true);
    await early.waitFor(() => early.view(roomId) !== undefined, 10_000, 'early view');
    expect(histories(early)).toEqual([]); // nothing has happened yet: no history message

    await a.fullControl();
    a.startAutoplay(roomId, makeRng('lh-a'), (v) => v.seq >= 40 && v.deciders.includes('A'));
    b.startAutoplay(roomId, makeRng('lh-b'));
    await a.waitFor(() => a.stopped, 30_000, 'pause');
    const seq = t.server.game.room(roomId)!.master!.seq;
    await early.waitFor(() => early.view(roomId)!.seq === seq, 10_000, 'early catches up');

    const late = await watcher(roomId, 'Late');
    const [h] = histories(late);
    // Right after the full view, and exactly what the early spectator saw live.
    const order = late.received.map((r) => r.event);
    expect(order.indexOf('match:log-history')).toBe(order.indexOf('match:view') + 1);
    expect(h!).toMatchObject({ roomId, matchId: late.view(roomId)!.matchId, truncated: false });
    expect(h!.batches.flatMap((b) => b.events)).toEqual(liveEvents(early, roomId, seq));
    expect(h!.batches.length).toBeGreaterThan(10);

    // A's page reloads: a new socket with the same token gets its seat back, and the same public record.
    const reloaded = await TestClient.connect(t.url, 'Alice', a.token);
    await reloaded.waitFor(() => histories(reloaded).length > 0, 10_000, 'reloaded history');
    expect(reloaded.view(roomId)!.viewer).toBe('A');
    expect(histories(reloaded)[0]!.batches).toEqual(h!.batches);
    reloaded.close();

    // After a restart the record is rebuilt from the stored log.
    await t.restart();
    const after = await watcher(roomId, 'AfterRestart');
    expect(histories(after)[0]!.batches).toEqual(h!.batches);

    a.startAutoplay(roomId, makeRng('lh-a2'));
    await a.waitFor(() => a.view(roomId)?.result != null, 60_000, 'result');
    const replay = (await (await fetch(`${t.server.url}/api/matches/${a.view(roomId)!.matchId}/replay`)).json()) as Replay;
    const spectatorSecrets = secretsFor(replayStates(replay), 'spectator');
    const only = (rs: Received[]) => rs.filter((r) => r.event === 'match:log-history');
    expect(spectatorSecrets.ids.size).toBeGreaterThan(20);
    for (const c of [late, after]) expect(scanForLeaks(c.received, spectatorSecrets).slice(0, 5)).toEqual([]);
    // The manager's own history is public too: not even their own hand is in it.
    expect(scanForLeaks(only(reloaded.received), spectatorSecrets)).toEqual([]);
    for (const c of [a, b, early, late, after]) c.close();
  });

  it('is bounded: only the latest batches, marked truncated', async () => {
    const { PublicLog } = await import('../src/master/public-log.js');
    const log = new PublicLog(3);
    const ev = (n: number): GameEvent[] => [{ t: 'turn', turn: n, active: 'A' }];
    for (let i = 1; i <= 5; i++) log.add(i, ev(i));
    const m = log.message('r', 'm');
    expect(m.truncated).toBe(true);
    expect(m.batches.map((x) => x.seq)).toEqual([3, 4, 5]);
  });
});
