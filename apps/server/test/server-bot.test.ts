/**
 * The server bot (issue 4 §3 "play vs bot" with the strong bot):
 * - what it is given for each decision is exactly its own seat's projection and legal actions at that
 *   point of the match (checked against a replay of the finished match), with none of the human's hidden
 *   cards, the seed or the RNG in it;
 * - the worker-thread pool decides exactly as strongBot does inline, and replaces a thread that dies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, project, step, strongBot, type Action, type BotInput } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { replayStates, scanForLeaks, secretsFor, type Replay } from './helpers/leak-scan.js';
import { BotPool } from '../src/bots/bot-pool.js';
import { inlineBot, type ServerBot } from '../src/bots/server-bot.js';
import { createLogger } from '../src/logger.js';

const inputs: BotInput[] = [];
const spy: ServerBot = {
  name: 'strongBot',
  decide: (input) => {
    inputs.push(structuredClone(input));
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
      const xs = positions(40);
      const fromPool = await Promise.all(xs.map((x) => pool.decide(x)));
      expect(fromPool).toEqual(xs.map((x) => strongBot(x)));
      // Kill the thread: the next decision starts a new one.
      await (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0]!.worker.terminate();
      const again: Action = await pool.decide(xs[5]!);
      expect(again).toEqual(strongBot(xs[5]!));
    } finally {
      await pool.close();
    }
  });
});
