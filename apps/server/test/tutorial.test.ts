/**
 * "Learn to play" (`room:tutorial`, issue 16 §1): a private match against the gentle bot with the tutorial's
 * rosters and seed, so the opening hand is the same every time; it counts against the bot-match caps; the bot
 * plays (and attacks with at most one character), and the match can be played to the end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, project, simplest, step } from '@vroyale/engine';
import { cardPool, tutorialRosters } from '@vroyale/cards';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { gentleBot, TUTORIAL_BOT_NAME, TUTORIAL_SEAT_HOLD_MS, TUTORIAL_SEED } from '../src/rooms/tutorial.js';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({
    rateLimit: { capacity: 1000, refillPerSec: 1000 },
    caps: { roomsPerUser: 100, roomsPerAddress: 100, botMatchesPerUser: 2, botMatchesPerAddress: 100, spectatingPerUser: 10, spectatingPerAddress: 100 },
  });
});
afterAll(async () => {
  await t.close();
});

async function start(c: TestClient): Promise<string> {
  const ack = await c.emit('room:tutorial', {});
  if (!ack.ok) throw new Error(ack.message);
  expect(ack.seat).toBe('A');
  await c.waitFor(() => c.view(ack.roomId) !== undefined, 5_000, 'first view');
  return ack.roomId;
}

const handOf = (c: TestClient, roomId: string): string[] => c.view(roomId)!.view.managers.A.hand!.map((card) => card.def);

describe('room:tutorial', () => {
  it('starts with the fixed rosters and seed: the same opening hand every time', async () => {
    const a = await TestClient.connect(t.url, 'Newcomer');
    const b = await TestClient.connect(t.url, 'Another');
    const [ra, rb] = [await start(a), await start(b)];
    expect(ra).not.toBe(rb);
    const room = a.roomStates.get(ra)!;
    expect(room.visibility).toBe('private');
    expect(room.seats.B).toMatchObject({ name: TUTORIAL_BOT_NAME, bot: true });
    expect(room.clock).toEqual({ untimed: true }); // a newcomer reading the coach never loses on time
    const hand = handOf(a, ra);
    expect(hand).toHaveLength(5);
    expect(handOf(b, rb)).toEqual(hand);
    for (const id of hand) expect(tutorialRosters.player.cards).toContain(id);
    expect(a.view(ra)!.view.managers.A.backstage?.def).toBe(tutorialRosters.player.centre);
    expect(a.view(ra)!.view.managers.B.backstage?.def).toBe(tutorialRosters.bot.centre);
    a.close();
    b.close();
  });

  it('counts against the bot-match caps', async () => {
    const c = await TestClient.connect(t.url, 'Eager');
    await start(c);
    await start(c);
    const third = await c.emit('room:tutorial', {});
    expect(third.ok).toBe(false);
    if (!third.ok) expect(third.code).toBe('too-many-bot-matches');
    c.close();
  });

  it('the tutorial bot plays, and the match reaches its end', async () => {
    const c = await TestClient.connect(t.url, 'Learner');
    const roomId = await start(c);
    c.startAutoplay(roomId, makeRng('tutorial'));
    await c.waitFor(() => c.view(roomId)?.result != null, 60_000, 'result');
    const matchId = c.view(roomId)!.matchId;
    const replay = (await (await fetch(`${t.url}/api/matches/${matchId}/replay`)).json()) as {
      seed: string;
      actions: { action: { manager?: string; type: string } }[];
    };
    expect(replay.seed).toBe(TUTORIAL_SEED);
    const botMoves = replay.actions.filter((a) => a.action.manager === 'B' && a.action.type !== 'pass');
    expect(botMoves.length).toBeGreaterThan(3);
    // Gentle: at most one attacker per declaration.
    for (const a of replay.actions.map((x) => x.action as { manager?: string; type: string; attackers?: string[] }))
      if (a.manager === 'B' && a.type === 'declare-attackers') expect(a.attackers!.length).toBeLessThanOrEqual(1);
    c.close();
  }, 90_000);

  it('the gentle bot answers the same position the same way, whatever the match (the coach meets the same match)', () => {
    const g = createGame({ seed: TUTORIAL_SEED, pool: cardPool, rosters: { A: tutorialRosters.player, B: tutorialRosters.bot } });
    if (!g.ok) throw new Error(g.message);
    let s = g.state;
    let asked = 0;
    for (let n = 0; n < 3000 && s.phase !== 'game-over'; n++) {
      const who = deciders(s)[0]!;
      const legal = legalActions(s, who);
      // The newcomer plays what it can (a star, characters), so the bot's choices matter.
      const pick =
        legal.find((x) => x.type === 'place-star' || (x.type === 'play' && s.phase === 'main') || (x.type === 'mulligan' && !x.redraw)) ??
        legal.find((x) => x.type === 'pass') ??
        legal.find((x) => x.type !== 'concede')!;
      let a = simplest(pick);
      if (who === 'B') {
        const view = project(s, 'B');
        a = gentleBot({ view, legal, seed: 'match-1:B' });
        for (const other of ['match-2:B', 'match-3:B', 'match-4:B', 'match-5:B']) expect(gentleBot({ view, legal, seed: other })).toEqual(a);
        asked++;
      }
      const r = step(s, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    expect(asked).toBeGreaterThan(10);
    expect(s.phase).toBe('game-over');
  });

  it('a restart brings the tutorial back with its gentle bot and long seat hold', async () => {
    const c = await TestClient.connect(t.url, 'Resumer');
    const roomId = await start(c);
    const hand = handOf(c, roomId);
    c.close();
    await t.restart();
    const room = t.server.game.room(roomId)!;
    const deps = (room as unknown as { deps: { bot: { name: string }; config: { seatHoldMs: number } } }).deps;
    expect(deps.bot.name).toBe('tutorial');
    expect(deps.config.seatHoldMs).toBe(TUTORIAL_SEAT_HOLD_MS);
    const back = await TestClient.connect(t.url, 'Resumer', c.token);
    await back.waitFor(() => back.view(roomId) !== undefined, 5_000, 'view after restart');
    expect(handOf(back, roomId)).toEqual(hand);
    back.close();
  });
});
