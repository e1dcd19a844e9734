/**
 * The server bot (issue 4 §3 "play vs bot" with the strong bot):
 * - what it is given for each decision is exactly its own seat's projection and legal actions at that
 *   point of the match (checked against a replay of the finished match), with none of the human's hidden
 *   cards, the seed or the RNG in it;
 * - the worker-thread pool decides exactly as strongBot does inline, and replaces a thread that dies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botForLevel, createGame, deciders, legalActions, makeRng, project, step, strongBot, type Action, type BotInput } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';
import { BotPool } from '../src/bots/bot-pool.js';
import { botSeatName, inlineBot, levelOfSeatName, type BotLevel, type ServerBot } from '../src/bots/server-bot.js';
import { createLogger } from '../src/logger.js';

const inputs: BotInput[] = [];
/** The level each decision was asked at, by seed (the spy always plays normal: fast, and the level is what is checked). */
const levels = new Map<string, BotLevel | undefined>();
const spy: ServerBot = {
  name: 'strongBot',
  decide: (input, level) => {
    inputs.push(structuredClone(input));
    levels.set(String(input.seed), level);
    return inlineBot().decide(input);
  },
  close: async () => {},
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } }, undefined, { bot: spy });
});
afterAll(async () => {
  await t.close();
});

describe('bot levels', () => {
  it('the seat name says the level, and reads back; names from before the levels are normal', () => {
    for (const l of ['easy', 'normal', 'hard', 'expert'] as const) expect(levelOfSeatName(botSeatName(l))).toBe(l);
    expect(botSeatName('hard')).toBe('Bot (hard)');
    expect(levelOfSeatName('Bot (strongBot)')).toBe('normal');
  });

  it('room:play-bot takes a level (default normal): the seat says it, every decision is asked at it, and a restart keeps it', async () => {
    const human = await TestClient.connect(t.url, 'Leveller');
    expect((await human.emit('room:play-bot', { roster: 'raid-night', level: 'godlike' as never })).ok).toBe(false);
    // Expert stays an engine experiment (docs/bots.md "The ladder"): the lobby cannot start it, and nothing starts.
    const expert = await human.emit('room:play-bot', { roster: 'raid-night', level: 'expert' as never });
    expect(expert).toMatchObject({ ok: false, code: 'bad-request' });
    expect(expert.ok ? '' : expert.message).toMatch(/level/);
    expect(human.roomStates.size).toBe(0);
    const started = await human.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad', level: 'hard', clock: { untimed: true } });
    if (!started.ok) throw new Error(started.message);
    const { roomId } = started;
    await human.waitFor(() => human.view(roomId) !== undefined, 5_000, 'first view');
    expect(human.roomStates.get(roomId)?.seats.B).toMatchObject({ name: 'Bot (hard)', bot: true });
    const matchId = human.view(roomId)!.matchId;
    const asked = () => [...levels].filter(([seed]) => seed.startsWith(`${matchId}:`));
    human.startAutoplay(roomId, makeRng('levels'));
    await human.waitFor(() => asked().length >= 3, 30_000, 'bot decisions');
    human.close();
    const before = asked().length;
    await t.restart();
    const back = await TestClient.connect(t.url, 'Leveller', human.token);
    await back.waitFor(() => back.view(roomId) !== undefined, 5_000, 'view after restart');
    expect(back.roomStates.get(roomId)?.seats.B).toMatchObject({ name: 'Bot (hard)', bot: true });
    back.startAutoplay(roomId, makeRng('levels-2'));
    await back.waitFor(() => asked().length > before + 2 || back.view(roomId)?.result != null, 30_000, 'bot decisions after restart');
    expect(new Set(asked().map(([, l]) => l))).toEqual(new Set(['hard']));
    back.close();
  });
});

describe('the server bot', () => {
  it('decides from its own projection and legal actions only', async () => {
    const human = await TestClient.connect(t.url, 'Solo');
    const started = await human.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });
    if (!started.ok) throw new Error(started.message);
    const { roomId } = started;
    await human.waitFor(() => human.view(roomId) !== undefined, 5_000, 'first view');
    expect(human.roomStates.get(roomId)?.seats.B).toMatchObject({ name: 'Bot (normal)', bot: true });
    human.startAutoplay(roomId, makeRng('spy'));
    await human.waitFor(() => human.view(roomId)?.result != null, 60_000, 'result');
    const matchId = human.view(roomId)!.matchId;
    const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as Replay;
    const states = replayStates(replay);
    const mine = inputs.filter((i) => String(i.seed).startsWith(`${matchId}:`));
    expect(mine.length).toBeGreaterThan(10);
    for (const input of mine) {
      const [, seq, seat] = String(input.seed).split(':');
      expect(seat).toBe('B');
      const s = states[Number(seq)]!;
      expect(deciders(s)).toContain('B');
      expect(input.view).toEqual(project(s, 'B'));
      expect(input.legal).toEqual(legalActions(s, 'B'));
    }
    const leaks = scanForLeaks(
      mine.map((payload) => ({ event: 'bot-input', payload })),
      secretsFor(states, 'B'),
    );
    expect(leaks.slice(0, 5)).toEqual([]);
    human.close();
  });
});

describe('BotPool', () => {
  /** Decisions of a strongBot game, as bot inputs (both seats). */
  function positions(n: number): BotInput[] {
    const r = (id: string) => {
      const s = starterRosters.find((x) => x.id === id)!;
      return { centre: s.centre, cards: [...s.cards] };
    };
    const c = createGame({ seed: 'pool', pool: cardPool, rosters: { A: r('raid-night'), B: r('mod-squad') } });
    if (!c.ok) throw new Error(c.message);
    let s = c.state;
    const out: BotInput[] = [];
    while (out.length < n && s.phase !== 'game-over') {
      const m = deciders(s)[0]!;
      const input = { view: project(s, m), legal: legalActions(s, m), seed: `pool:${s.seq}` };
      out.push(input);
      const next = step(s, strongBot(input));
      if (!next.ok) throw new Error(next.message);
      s = next.state;
    }
    return out;
  }

  it('decides exactly as strongBot inline, and replaces a thread that dies', async () => {
    const pool = new BotPool(1, createLogger('silent'));
    try {
      const xs = positions(70);
      const fromPool = await Promise.all(xs.map((x) => pool.decide(x)));
      expect(fromPool).toEqual(xs.map((x) => strongBot(x)));
      // Kill the thread: the next decision starts a new one.
      await (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0]!.worker.terminate();
      const again: Action = await pool.decide(xs[5]!);
      expect(again).toEqual(strongBot(xs[5]!));
      // The search levels run on the thread too: within their wall cap they stop on the iteration budget, so the
      // move is the engine's for that budget (these early positions take tens of ms, far under the cap).
      const hard = botForLevel('hard');
      const searched = xs.slice(20, 30);
      expect(await Promise.all(searched.map((x) => pool.decide(x, 'hard')))).toEqual(searched.map((x) => hard(x)));
      // Expert on a thread is told the public starter lists as inline (it deals from them): the same moves.
      const expert = botForLevel('expert', { knowledge: { decks: starterRosters, defs: cardPool } });
      const blind = botForLevel('expert');
      // Positions 35-69 hold some where expert's move without the lists would be another one.
      const later = xs.slice(35, 70);
      const moves = later.map((x) => expert(x));
      expect(later.filter((x, i) => JSON.stringify(blind(x)) !== JSON.stringify(moves[i])).length).toBeGreaterThan(0);
      expect(await Promise.all(later.map((x) => pool.decide(x, 'expert')))).toEqual(moves);
    } finally {
      await pool.close();
    }
  });
});
