/**
 * The spectators' delay over whole random matches played by the engine: at every moment what spectators are shown
 * is exactly the match as it stood at the start of the turn before the live one (turn 0: the first state), every
 * action becomes visible only once a whole later turn has begun, the record they get holds exactly what they were
 * shown, and the end shows everything.
 */
import { describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, realise, step, type GameState } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { SpectatorDelay } from './spectator-delay.js';

const roster = (i: number) => {
  const s = starterRosters[i % starterRosters.length]!;
  return { centre: s.centre, cards: [...s.cards] };
};

function play(seed: string, onStep: (seq: number, turn: number, s: GameState, events: Parameters<SpectatorDelay['record']>[1]) => void): GameState {
  const created = createGame({ seed, pool: cardPool, rosters: { A: roster(0), B: roster(1) } });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const rnd = makeRng(`${seed}:moves`);
  for (let i = 0; i < 3000 && s.phase !== 'game-over'; i++) {
    const who = deciders(s)[0]!;
    const legal = legalActions(s, who).filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
    const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    onStep(s.seq, s.turn, s, r.events);
  }
  return s;
}

describe('SpectatorDelay', () => {
  for (const seed of ['delay-1', 'delay-2', 'delay-3']) {
    it(`shows the start of the turn before the live one, never later (${seed})`, () => {
      const created = createGame({ seed, pool: cardPool, rosters: { A: roster(0), B: roster(1) } });
      if (!created.ok) throw new Error(created.message);
      const delay = new SpectatorDelay(created.state, { A: 1000, B: 1000 });
      /** The first state of each turn, as the live match went. */
      const starts = new Map<number, GameState>([[0, created.state]]);
      const turnOf = new Map<number, number>();
      let revealedUpTo = 0;
      let turns = 0;
      const final = play(seed, (seq, turn, s, events) => {
        if (!starts.has(turn)) starts.set(turn, s);
        turnOf.set(seq, turn);
        const r = delay.record(seq, events, s, { A: 1000 - seq, B: 1000 });
        // Exactly the state at the start of turn (live - 1), or the first state.
        expect(delay.shown).toBe(starts.get(Math.max(turn - 1, 0)));
        if (r) {
          turns++;
          // What became visible: actions made at least one whole turn ago (the live turn is two past theirs).
          // (The last of them is the pass that began turn live-1: its state is that turn's first.)
          for (let q = revealedUpTo + 1; q <= delay.shown.seq; q++) expect(turnOf.get(q)!).toBeLessThanOrEqual(q === delay.shown.seq ? turn - 1 : turn - 2);
          revealedUpTo = delay.shown.seq;
          expect(delay.shownClocks).toEqual({ A: 1000 - delay.shown.seq, B: 1000 });
        }
        expect(delay.behind).toBe(seq - delay.shown.seq);
      });
      expect(final.turn).toBeGreaterThan(3);
      expect(turns).toBeGreaterThan(1);
      // The record spectators get holds what they were shown, no more.
      const logged = delay.log.message('r', 'm').batches;
      expect(logged.every((b) => b.seq <= delay.shown.seq)).toBe(true);
      expect(logged.at(-1)!.seq).toBeLessThanOrEqual(delay.shown.seq);
      // The end shows everything.
      const rest = delay.revealAll();
      expect(rest === null ? 0 : rest.events.length).toBeGreaterThan(0);
      expect(delay.shown).toBe(final);
      expect(delay.behind).toBe(0);
      expect(delay.revealAll()).toBeNull();
    });
  }
});
