/**
 * A heuristic score of a (simulated) position for one manager: higher is better. Sanity, what is on stage
 * (ATK, HP and keywords that last beyond this turn), cards in hand and star pool size, each side counted
 * for and against. Used by the strong bot to compare the outcomes of its candidate actions.
 */
import type { CardDef, Keywords } from '../cards/schema.js';
import { defById, isCharacterDef } from '../core/query.js';
import { managerOf, other, type CardInstance, type GameState, type ManagerId } from '../core/types.js';
import { statsOf, withStatsMemo } from '../effects/stats.js';
import { countersOf } from '../zones/counters.js';

export interface EvalWeights {
  win: number;
  sanity: number;
  /** Extra value of each sanity point below `lowSanity` (being close to losing). */
  lowSanityExtra: number;
  lowSanity: number;
  character: number;
  atk: number;
  hp: number;
  hand: number;
  star: number;
  /** A tilted character cannot deal damage when it blocks: this share of its ATK is discounted. */
  tilted: number;
  /**
   * Progress towards a card's own counter-based end condition (RUL-END-2: "win with 10 memory counters"):
   * worth up to this much as the counters approach the threshold (a lose condition counts against).
   */
  cardCondition: number;
  /** Each character's keywords, as `keywordValue` prices them. */
  keywords: number;
  /** A non-character card on stage (a token 0.5, any other 0.5 + 0.6 per cost). */
  support: number;
  /** Each card a roster is short of three (close to losing by running out). */
  rosterShort: number;
}

export const DEFAULT_WEIGHTS: EvalWeights = {
  win: 10_000,
  sanity: 1.2,
  lowSanityExtra: 0.6,
  lowSanity: 8,
  character: 1,
  atk: 1,
  hp: 0.5,
  hand: 1,
  star: 0.5,
  tilted: 0.3,
  cardCondition: 12,
  keywords: 1,
  support: 1,
  rosterShort: 2,
};

export function keywordValue(k: Keywords): number {
  let v = 0;
  if (k.ban) v += 1.5;
  if (k.clip) v += 0.5;
  if (k.clout) v += 0.6;
  if (k.raid) v += 0.7;
  if (k.callout) v += 0.3;
  if (k.moderator) v += 0.8 * k.moderator;
  return v;
}

/** The value of a character with these stats on stage. Moderators never attack, so their ATK counts half. */
export function characterValue(atk: number, hp: number, kw: Keywords, w: EvalWeights = DEFAULT_WEIGHTS): number {
  return w.character + (kw.moderator ? 0.5 : 1) * atk * w.atk + hp * w.hp + w.keywords * keywordValue(kw);
}

/** The printed value of a card, for choices made without simulating (stars, discards, mulligans). */
export function printedValue(d: CardDef): number {
  if (isCharacterDef(d)) return characterValue(d.atk ?? 0, d.hp ?? 0, d.keywords ?? {}) + 0.4 * d.abilities.length;
  if (d.types.includes('highlight')) return 2;
  return 1 + 0.5 * d.cost;
}

function stageValue(s: GameState, c: CardInstance, w: EvalWeights): number {
  const d = defById(s, c.def);
  const cond = d.abilities.length ? conditionValue(d, c, w) : 0;
  if (!isCharacterDef(d)) return cond + w.support * (c.token ? 0.5 : 0.5 + 0.6 * d.cost);
  const st = statsOf(s, c);
  // Until-end-of-turn boosts are gone by the next turn: value only what lasts.
  let atk = st.atk;
  let hp = st.hp;
  for (const m of c.mods)
    if (m.until === 'turn') {
      atk -= m.atk ?? 0;
      hp -= m.hp ?? 0;
    }
  atk = Math.max(0, atk);
  hp = Math.max(1, hp);
  let v = cond + characterValue(atk, hp, st.keywords, w);
  if (c.tilted) v -= w.tilted * atk;
  return v;
}

/** A card's counter-based end conditions: progress p in [0, 1] is worth w·(p + p²)/2, convex towards the end. */
function conditionValue(d: CardDef, c: CardInstance, w: EvalWeights): number {
  let v = 0;
  for (const a of d.abilities) {
    if (a.kind !== 'end-condition' || a.condition.kind !== 'counters' || a.condition.atLeast <= 0) continue;
    const p = Math.min(1, countersOf(c, a.condition.counter) / a.condition.atLeast);
    v += (a.result === 'win' ? 1 : -1) * w.cardCondition * 0.5 * (p + p * p);
  }
  return v;
}

function sanityValue(x: number, w: EvalWeights): number {
  return w.sanity * x - (x < w.lowSanity ? w.lowSanityExtra * (w.lowSanity - x) : 0);
}

function side(s: GameState, m: ManagerId, w: EvalWeights): number {
  const ms = managerOf(s, m);
  let v = sanityValue(ms.sanity, w) + w.hand * ms.hand.length;
  for (const id of ms.centre) v += stageValue(s, s.cards[id]!, w);
  for (const id of ms.main) v += stageValue(s, s.cards[id]!, w);
  let stars = 0;
  for (const id of ms.starPool) stars += defById(s, s.cards[id]!.def).stars;
  v += w.star * Math.min(stars, 8);
  if (ms.roster.length < 3) v -= w.rosterShort * (3 - ms.roster.length);
  return v;
}

export function evaluate(s: GameState, me: ManagerId, w: EvalWeights = DEFAULT_WEIGHTS): number {
  if (s.winner === me) return w.win;
  if (s.winner === other(me)) return -w.win;
  if (s.winner === 'draw') return -w.win / 4;
  return withStatsMemo(s, () => side(s, me, w) - side(s, other(me), w));
}

/** The weights that each scale one term of `evaluate` (`win` and the `lowSanity` threshold do not). */
export const EVAL_TERMS = (Object.keys(DEFAULT_WEIGHTS) as (keyof EvalWeights)[]).filter((k) => k !== 'win' && k !== 'lowSanity');

/**
 * The terms of `evaluate` for an unfinished game, in EVAL_TERMS order: `evaluate(s, me, w)` is their sum
 * weighted by `w` (for `w.lowSanity` at its default), which lets a bench fit the weights to outcomes.
 */
export function evaluationTerms(s: GameState, me: ManagerId): number[] {
  const zero = Object.fromEntries(Object.keys(DEFAULT_WEIGHTS).map((k) => [k, 0])) as unknown as EvalWeights;
  return EVAL_TERMS.map((k) => evaluate(s, me, { ...zero, win: DEFAULT_WEIGHTS.win, lowSanity: DEFAULT_WEIGHTS.lowSanity, [k]: 1 }));
}

/** The hand card worth least by printed value (the first of equals): what a bot discards. */
export function leastValuableInHand(sim: GameState, who: ManagerId): string {
  const hand = managerOf(sim, who).hand;
  let pick = hand[0]!;
  let low = Infinity;
  for (const id of hand) {
    const v = printedValue(sim.defs[sim.cards[id]!.def]!);
    if (v < low) [pick, low] = [id, v];
  }
  return pick;
}
