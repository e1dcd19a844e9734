/**
 * The position How to play's miniature playmat shows: a real match, built by the engine from two starter
 * rosters and a fixed seed, played by seeded legal moves (plays preferred to passes, so the stages fill) until
 * it is your Main Step with cards in every zone worth explaining. Deterministic: the same cards every time,
 * in both languages. The first position that has everything is taken; should a change to the cards or the rules
 * make that impossible within the step budget, the fullest position met is (sample-position.test.ts holds the
 * seed to the whole list).
 */
import { createGame, deciders, legalActions, makeRng, project, realise, step, type GameState, type GameView, type Legal } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';

export const SAMPLE_SEED = 'how-to-play-1';
const STEP_BUDGET = 3000;

/** What the sample shows of you ('A', at the bottom): each a reason the legend's zones are not empty. */
export function sampleScore(s: GameState): { ok: boolean; score: number; missing: string[] } {
  const a = s.managers.A;
  const b = s.managers.B;
  const wants: [string, boolean][] = [
    ['your turn, Main Step, your move', s.active === 'A' && s.phase === 'main' && s.stack.length === 0 && deciders(s).includes('A') && !s.pending],
    ['two cards on each Main Stage', a.main.length >= 2 && b.main.length >= 2],
    ['your Centre waiting Backstage', a.backstage !== null],
    ["the rival's Centre on its stage", b.centre.length > 0],
    ['three star cards of yours', a.starPool.length >= 3],
    ['three cards in your hand', a.hand.length >= 3],
    ['a card in your Graduation Zone', a.graduation.length > 0],
  ];
  const missing = wants.filter(([, ok]) => !ok).map(([w]) => w);
  return { ok: missing.length === 0, score: wants.length - missing.length, missing };
}

/**
 * The moves: seeded, but steered towards a position worth showing. You keep cards in hand (four star cards,
 * one character a turn, three on your Main Stage at most) and leave your Centre Backstage; the rival places a
 * star card each turn and debuts its Centre as soon as it can; both play more often than they pass.
 */
function direct(s: GameState, who: 'A' | 'B', legal: Legal[], rnd: () => number): Legal {
  const mine = s.managers[who];
  const star = legal.find((l) => l.type === 'place-star');
  if (star && (who === 'B' || mine.starPool.length < 4) && rnd() < 0.9) return star;
  // You: one character a turn at most, onto a Main Stage of three at most; highlights kept in hand.
  const yours = (l: Legal) =>
    l.type === 'play' &&
    s.active === 'A' &&
    s.played < 2 &&
    mine.main.length < 3 &&
    l.card !== mine.backstage &&
    !!cardPool[s.cards[l.card]!.def]?.types.includes('character');
  const plays = legal.filter((l) => l.type === 'play' && (who === 'B' || yours(l)));
  const centre = plays.find((l) => l.type === 'play' && l.card === mine.backstage);
  if (centre) return centre;
  const pick = (xs: Legal[]) => xs[Math.floor(rnd() * xs.length)]!;
  if (plays.length && rnd() < 0.75) return pick(plays);
  const rest = legal.filter((l) => l.type !== 'play' && l.type !== 'place-star');
  return pick(rest.length ? rest : legal);
}

/** Plays the sample match; returns the first complete position (or the fullest one seen) and its score. */
export function sampleState(seed = SAMPLE_SEED, budget = STEP_BUDGET): { state: GameState; missing: string[]; steps: number } {
  const created = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[2]! } });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const rnd = makeRng(`${seed}:moves`);
  let best = { state: s, score: -1, missing: sampleScore(s).missing, steps: 0 };
  for (let n = 0; n < budget && s.phase !== 'game-over'; n++) {
    const judged = sampleScore(s);
    if (judged.score > best.score && s.phase === 'main') best = { state: s, score: judged.score, missing: judged.missing, steps: n };
    if (judged.ok) return { state: s, missing: [], steps: n };
    const who = deciders(s)[0]!;
    const legal = legalActions(s, who).filter((l) => l.type !== 'concede' && l.type !== 'tilt-star');
    const r = step(s, realise(direct(s, who, legal, rnd), rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return { state: best.state, missing: best.missing, steps: best.steps };
}

/** The sample as you see it: your projection and your legal actions (they make the playable cards glow). */
export function samplePosition(seed = SAMPLE_SEED): { view: GameView; legal: readonly Legal[] } {
  const { state } = sampleState(seed);
  return { view: project(state, 'A'), legal: deciders(state).includes('A') ? legalActions(state, 'A') : [] };
}
