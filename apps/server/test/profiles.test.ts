/**
 * Profiles, match history and the leaderboard over real HTTP (issue 17 §5), from matches played over real
 * sockets: a ranked match, a casual one, bot matches (in the history, not in the counts), a guest opponent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Leaderboard, MatchHistoryPage, PublicProfile, QueueName, QueueState } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { ban, makeAccount } from './helpers/accounts.js';

let t: TestServer;
let alice: TestClient;
let bob: TestClient;
let guest: TestClient;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 100 } });
  alice = await makeAccount(t, null, 'Alice');
  bob = await makeAccount(t, null, 'Bob_2');
  guest = await TestClient.connect(t.url, 'Guesty');
  // Ranked: Alice beats Bob. Casual: guest beats Alice. Three bot matches for Alice (she concedes).
  await play(alice, bob, 'ranked', 'B');
  await play(guest, alice, 'casual', 'B');
  for (let i = 0; i < 3; i++) {
    const r = await alice.emit('room:play-bot', { roster: 'mod-squad' });
    if (!r.ok) throw new Error(r.message);
    await alice.waitFor(() => alice.view(r.roomId) !== undefined, 5_000, 'bot view');
    await alice.emit('match:action', { roomId: r.roomId, clientActionId: `bot${i}`, seenSeq: 0, action: { type: 'concede' } });
    await alice.waitFor(() => alice.view(r.roomId)?.result != null, 5_000, 'bot result');
  }
});
afterAll(async () => {
  await t.close();
});

/** `first` and `second` queue and are matched; `loser` concedes. */
async function play(first: TestClient, second: TestClient, queue: QueueName, loser: 'A' | 'B') {
  const matched = (c: TestClient, from: number) =>
    c.received
      .slice(from)
      .filter((m) => m.event === 'queue:state')
      .map((m) => m.payload as QueueState)
      .find((s) => s.status === 'matched') as (QueueState & { status: 'matched' }) | undefined;
  const from = first.received.length;
  await first.emit('queue:join', { queue, roster: 'raid-night' });
  await new Promise((r) => setTimeout(r, 5));
  await second.emit('queue:join', { queue, roster: 'mod-squad' });
  await first.waitFor(() => matched(first, from) !== undefined, 5_000, 'matched');
  const { roomId, seat } = matched(first, from)!;
  const c = seat === loser ? first : second;
  await c.waitFor(() => c.view(roomId) !== undefined, 5_000, 'view');
  await c.emit('match:action', { roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
  await first.waitFor(() => first.view(roomId)?.result != null, 5_000, 'result');
}

const get = async <T>(path: string): Promise<{ status: number; body: T }> => {
  const r = await fetch(`${t.url}${path}`);
  return { status: r.status, body: (await r.json()) as T };
};

describe('profiles', () => {
  it('a public profile: ratings per queue, counts against people only, favourite starters, recent matches', async () => {
    const { status, body: p } = await get<PublicProfile>('/api/users/alice');
    expect(status).toBe(200);
    expect(p.username).toBe('Alice');
    expect(p.games).toBe(2);
    expect(p).toMatchObject({ wins: 1, losses: 1, draws: 0 });
    const ranked = p.ratings.find((r) => r.queue === 'ranked')!;
    expect(ranked).toMatchObject({ games: 1, wins: 1, provisional: true });
    expect(ranked.rating).toBeGreaterThan(1500);
    expect(p.ratings.find((r) => r.queue === 'casual')).toMatchObject({ games: 1, losses: 1 });
    expect(p.favouriteStarters.reduce((n, s) => n + s.games, 0)).toBe(2);
    expect(p.recent).toHaveLength(5);
    const bot = p.recent[0]!;
    expect(bot).toMatchObject({ kind: 'bot', outcome: 'loss', reason: 'concede', starter: 'mod-squad', rating: null, opponent: { bot: true, username: null } });
    const rankedGame = p.recent.find((m) => m.kind === 'ranked')!;
    expect(rankedGame).toMatchObject({ outcome: 'win', opponent: { name: 'Bob_2', username: 'Bob_2', bot: false }, rating: { queue: 'ranked', before: 1500 } });
    expect(rankedGame.rating!.after).toBe(ranked.rating);
    const casual = p.recent.find((m) => m.kind === 'casual')!;
    expect(casual).toMatchObject({ outcome: 'loss', opponent: { name: 'Guesty', username: null } });
    const replay = await fetch(`${t.url}${rankedGame.replay}`);
    expect(replay.status).toBe(200);
    // Look-alike and case folding find the same account.
    expect((await get<PublicProfile>('/api/users/ALICE')).body.username).toBe('Alice');
  });

  it('unknown usernames and guests are 404', async () => {
    expect((await get('/api/users/nobody-here')).status).toBe(404);
    expect((await get('/api/users/Guesty')).status).toBe(404);
    expect((await get(`/api/users/${'x'.repeat(80)}`)).status).toBe(404);
  });

  it('history is paged, newest first, bot matches included; bad paging is a 400', async () => {
    const p1 = await get<MatchHistoryPage>('/api/users/Alice/matches?page=1&perPage=2');
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ username: 'Alice', page: 1, perPage: 2, total: 5 });
    expect(p1.body.matches).toHaveLength(2);
    const p3 = await get<MatchHistoryPage>('/api/users/Alice/matches?page=3&perPage=2');
    expect(p3.body.matches).toHaveLength(1);
    expect(p3.body.matches[0]!.kind).toBe('ranked');
    const all = (await get<MatchHistoryPage>('/api/users/Alice/matches')).body.matches;
    expect(all.map((m) => m.endedAt)).toEqual([...all.map((m) => m.endedAt)].sort((a, b) => b - a));
    expect(
      new Set(
        [...p1.body.matches, ...(await get<MatchHistoryPage>('/api/users/Alice/matches?page=2&perPage=2')).body.matches, ...p3.body.matches].map(
          (m) => m.matchId,
        ),
      ).size,
    ).toBe(5);
    expect((await get('/api/users/Alice/matches?perPage=51')).status).toBe(400);
    expect((await get('/api/users/Alice/matches?page=0')).status).toBe(400);
    expect((await get('/api/users/nobody-here/matches')).status).toBe(404);
  });

  it('the leaderboard: accounts only, by rating, provisional marked; banned accounts leave it', async () => {
    const { body } = await get<Leaderboard>('/api/leaderboard?queue=ranked');
    expect(body.queue).toBe('ranked');
    expect(body.entries.map((e) => e.username)).toEqual(['Alice', 'Bob_2']);
    expect(body.entries[0]).toMatchObject({ rank: 1, games: 1, wins: 1, provisional: true });
    // The guest has a casual rating but no account: not listed.
    const casual = (await get<Leaderboard>('/api/leaderboard?queue=casual&limit=10')).body;
    expect(casual.entries.map((e) => e.username)).toEqual(['Alice']);
    expect((await get('/api/leaderboard?limit=101')).status).toBe(400);
    expect((await get('/api/leaderboard?queue=blitz')).status).toBe(400);
    await ban(t, bob);
    expect((await get<Leaderboard>('/api/leaderboard')).body.entries.map((e) => e.username)).toEqual(['Alice']);
  });
});
