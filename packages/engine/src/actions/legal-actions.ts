/**
 * Every legal action for a manager. Candidates are generated per rules section and kept only when the same
 * check that guards the door accepts them, so "listed" and "accepted" cannot drift apart; the kinds
 * generated exactly come first and skip that second look (see candidates).
 */
import { meta } from '../cards/def-meta.js';
import { defOf } from '../core/query.js';
import { stageIndex } from '../core/stage-index.js';
import { managerOf, other, type GameState, type ManagerId } from '../core/types.js';
import { attackOffer } from '../combat/attackers.js';
import { blockOffer } from '../combat/blockers.js';
import { evalCondition } from '../effects/conditions.js';
import { playLimit, withStatsMemo } from '../effects/stats.js';
import { targetCombos } from '../effects/targets.js';
import { graduateCostCandidates, type ActivatedAbility } from '../stack/activate.js';
import { checkAction } from './dispatch.js';
import { potentialStarsEach } from '../turn/pay-stars.js';
import { countsAsPlay, eventNameTaken, isHighlight, playTargets } from '../turn/play-card.js';
import type { Legal } from './offers.js';
import type { Action } from './schema.js';

function combinations<T>(xs: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  const rec = (start: number, acc: T[]) => {
    if (acc.length === k) return void out.push(acc.slice());
    for (let i = start; i < xs.length; i++) {
      acc.push(xs[i]!);
      rec(i + 1, acc);
      acc.pop();
    }
  };
  rec(0, []);
  return out;
}

/** Priority actions; returns how many candidates in `out` are exact (see candidates). */
function priorityActions(s: GameState, m: ManagerId, out: Legal[]): number {
  const ms = managerOf(s, m);
  out.push({ type: 'pass', manager: m });
  const stars = potentialStarsEach(s, m, (id) => out.push({ type: 'tilt-star', manager: m, card: id }));
  // checkPlaceStar's conditions (RUL-TURN-3, RUL-TURN-4), asked once for the whole hand.
  const underLimit = s.played < playLimit(s, m);
  if (s.phase === 'resource' && s.active === m && !s.starPlaced && s.stack.length === 0 && underLimit)
    for (const id of ms.hand) out.push({ type: 'place-star', manager: m, card: id });
  // Plays are exact too: checkPlay's conditions, asked here (RUL-TURN-4 play limit, own Main Step with an empty
  // stack for debuts, RUL-TURN-7 event names, the cost against potential stars), and targets from targetCombos,
  // which yields only legal, distinct targets.
  const highlights = underLimit || !countsAsPlay(s, m);
  const debuts = underLimit && s.phase === 'main' && s.active === m && s.stack.length === 0;
  for (const id of ms.hand) playCandidates(s, m, id, stars, highlights, debuts, out);
  if (ms.backstage && debuts) playCandidates(s, m, ms.backstage, stars, highlights, debuts, out);
  const exact = out.length;
  // Only the stage cards that have activated abilities, in stage order (Centre, then Main).
  for (const id of stageIndex(s).activators[m === 'A' ? 0 : 1]) activateCandidates(s, m, id, stars, out);
  return exact;
}

function playCandidates(s: GameState, m: ManagerId, id: string, stars: number, highlights: boolean, debuts: boolean, out: Legal[]): void {
  const d = defOf(s, s.cards[id]!);
  if (d.cost > stars) return;
  if (isHighlight(d)) {
    if (highlights) for (const t of targetCombos(s, playTargets(d), m, id)) out.push({ type: 'play', manager: m, card: id, targets: t });
  } else if (debuts && !eventNameTaken(s, m, d)) out.push({ type: 'play', manager: m, card: id, targets: [] });
}

function activateCandidates(s: GameState, m: ManagerId, id: string, stars: number, out: Legal[]): void {
  const c = s.cards[id]!;
  const d = defOf(s, c);
  const ms = managerOf(s, m);
  for (const i of meta(d).activated) {
    const a = d.abilities[i] as ActivatedAbility; // meta lists only activated abilities' indices
    if ((a.cost.stars ?? 0) > stars) continue;
    // Pre-filters only, once per ability instead of once per target combo (checkActivate stays the authority).
    if (a.speed === 'main' && (s.active !== m || s.phase !== 'main' || s.stack.length)) continue;
    if ((a.oncePerTurn && c.used.includes(i)) || (a.cost.tilt && c.tilted)) continue;
    if (a.condition && !evalCondition(s, a.condition, m, id)) continue;
    const grads = a.cost.graduate ? graduateCostCandidates(s, m, id, a).map((g) => [g]) : [[]];
    const discards = a.cost.discard ? combinations(ms.hand, a.cost.discard) : [[]];
    for (const t of targetCombos(s, a.targets, m, id))
      for (const g of grads) for (const dc of discards) out.push({ type: 'activate', manager: m, card: id, ability: i, targets: t, costCards: [...g, ...dc] });
  }
}

/**
 * A superset of the legal actions, unchecked: what a manager might try now. `legalActions` keeps those the
 * door accepts; a random policy can instead sample from these and check only what it picks (uniform over
 * the legal ones all the same).
 */
export function candidateActions(s: GameState, m: ManagerId): Legal[] {
  const out: Legal[] = [];
  withStatsMemo(s, () => candidates(s, m, out));
  return out;
}

/**
 * Fills `out` with the candidates and returns how many of them, from the start, are exact by construction:
 * the door would accept them, so listing does not check them again. Those are the concession, passes, star
 * tilts and star placements (generated only for the manager holding priority with nothing pending: their
 * untilted star cards, or their hand when checkPlaceStar's conditions hold), plays (checkPlay's conditions
 * asked in priorityActions, targets from targetCombos) and the two declaration offers (RUL-COMBAT-1/2: one
 * entry describing the decision, judged by `attackProblems` / `blockProblems`). Activations, mulligans and
 * choices come after them and are checked. The property suite holds this: every listed action applies, and
 * every declaration an offer accepts applies.
 */
function candidates(s: GameState, m: ManagerId, out: Legal[]): number {
  if (s.phase === 'game-over') return 0;
  out.push({ type: 'concede', manager: m });
  if (s.phase === 'mulligan') {
    out.push({ type: 'mulligan', manager: m, redraw: false }, { type: 'mulligan', manager: m, redraw: true });
    return 1;
  }
  const p = s.pending;
  if (p) {
    if (p.manager !== m) return 1;
    if (p.kind === 'choose-order') out.push({ type: 'choose-order', manager: m, goFirst: true }, { type: 'choose-order', manager: m, goFirst: false });
    else if (p.kind === 'discard') for (const id of managerOf(s, m).hand) out.push({ type: 'discard', manager: m, card: id });
    else p.options.forEach((_, i) => out.push({ type: 'choose', manager: m, option: i }));
    return 1;
  }
  if (s.phase === 'combat-attack' && s.active === m && s.combat) {
    out.push(attackOffer(s));
    return out.length;
  }
  if (s.phase === 'combat-block' && other(s.active) === m && s.combat) {
    out.push(blockOffer(s));
    return out.length;
  }
  if (s.priority === m) return priorityActions(s, m, out);
  return out.length;
}

export function legalActions(s: GameState, m: ManagerId): Legal[] {
  return withStatsMemo(s, () => {
    const all: Legal[] = [];
    const exact = candidates(s, m, all);
    let n = exact;
    // Past `exact` come only activations, mulligans and choices: never offers.
    for (let i = exact; i < all.length; i++) if (checkAction(s, all[i] as Action) === null) all[n++] = all[i]!;
    if (n !== all.length) all.length = n;
    return all;
  });
}
