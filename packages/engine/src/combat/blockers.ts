/**
 * Blocking (RUL-COMBAT-2, RUL-COMBAT-3). The defending manager declares the whole assignment at once. The
 * decision is described by a `BlockOffer`: the public facts legality reads (each attacker's ATK, Callout and
 * Clout; each possible blocker's ATK as a blocker, capacity and Moderator). `blockProblems` judges an
 * assignment from those facts alone, so the engine's check, the bots and the web app's live feedback are
 * one function.
 */
import { defById, charactersOf, stageOf } from '../core/query.js';
import { sameNameLabels } from '../core/labels.js';
import { other, type Block, type GameState, type ManagerId } from '../core/types.js';
import { blockCapacity, hasKeyword, statsOf } from '../effects/stats.js';
import type { DeclarationProblem } from './attackers.js';

/** RUL-COMBAT-2: a tilted blocker's ATK counts as 0 for damage and for Clout. */
export function blockerAtk(s: GameState, id: string): number {
  const c = s.cards[id]!;
  return c.tilted ? 0 : statsOf(s, c).atk;
}

export function defenderCharacters(s: GameState): string[] {
  return charactersOf(s, other(s.active));
}

export interface AttackerFacts {
  id: string;
  label: string;
  atk: number;
  callout: boolean;
  clout: boolean;
}

export interface BlockerFacts {
  id: string;
  label: string;
  /** ATK as a blocker: 0 when tilted (RUL-COMBAT-2). */
  atk: number;
  /** How many attackers it may block: 1, or X for a Moderator X. */
  capacity: number;
  moderator: boolean;
}

/** The blocks decision as legal actions list it. Any blocker may block any attacker, within its capacity. */
export interface BlockOffer {
  type: 'choose-blocks';
  manager: ManagerId;
  /** Attackers in declaration order. */
  attackers: AttackerFacts[];
  /** The defending manager's characters on stage, in stage order (Centre, then Main). */
  blockers: BlockerFacts[];
}

function computeOffer(s: GameState): BlockOffer {
  const d = other(s.active);
  const names = (m: ManagerId) => sameNameLabels(stageOf(s, m).map((id) => ({ id, name: defById(s, s.cards[id]!.def).name })));
  const theirs = names(s.active);
  const mine = names(d);
  const offer: BlockOffer = { type: 'choose-blocks', manager: d, attackers: [], blockers: [] };
  for (const a of s.combat ? s.combat.attackers : []) {
    const c = s.cards[a]!;
    offer.attackers.push({
      id: a,
      label: theirs.get(a) ?? defById(s, c.def).name,
      atk: statsOf(s, c).atk,
      callout: hasKeyword(s, c, 'callout'),
      clout: hasKeyword(s, c, 'clout'),
    });
  }
  for (const id of defenderCharacters(s)) {
    const c = s.cards[id]!;
    offer.blockers.push({ id, label: mine.get(id)!, atk: blockerAtk(s, id), capacity: blockCapacity(s, c), moderator: hasKeyword(s, c, 'moderator') });
  }
  return offer;
}

/** One slot: the last combat asked about (a WeakMap write per combat costs more than the offer itself). */
let kept: { combat: object; turn: number; nextId: number; attackers: number; offer: BlockOffer } | null = null;

/**
 * The blocks decision now. While blocks are declared nothing else changes (nobody has priority in that step),
 * so during 'combat-block' the offer of the last combat asked about is kept; at any other time it is
 * computed afresh. Callers must not change it.
 */
export function blockOffer(s: GameState): BlockOffer {
  const cb = s.combat;
  if (!cb || s.phase !== 'combat-block') return computeOffer(s);
  const hit = kept;
  if (hit && hit.combat === cb && hit.turn === s.turn && hit.nextId === s.nextId && hit.attackers === cb.attackers.length) return hit.offer;
  const offer = computeOffer(s);
  kept = { combat: cb, turn: s.turn, nextId: s.nextId, attackers: cb.attackers.length, offer };
  return offer;
}

const maxCalloutMemo = new WeakMap<BlockOffer, number>();

/**
 * RUL-COMBAT-3, "a Callout attacker that could be legally blocked": the defender must block as many Callout
 * attackers as any assignment could (project ruling PR-10, as requirements are maximised in other card
 * games), so a blocker may have to leave another attacker to block a Callout attacker. This is that most.
 */
export function maxCalloutBlocked(offer: BlockOffer): number {
  let n = maxCalloutMemo.get(offer);
  if (n === undefined) {
    n = offer.attackers.some((a) => a.callout) ? calloutSearch(offer).best : 0;
    maxCalloutMemo.set(offer, n);
  }
  return n;
}

/**
 * Depth-first over the Callout attackers: which blockers (one, or for Clout a group reaching its ATK) block
 * each, within capacity. Returns the most that can be blocked and one choice that blocks that many.
 */
function calloutSearch(offer: BlockOffer): { best: number; choice: number[][] } {
  const need = offer.attackers.filter((a) => a.callout);
  const power = offer.blockers.map((b) => b.atk);
  const cap = offer.blockers.map((b) => b.capacity);
  const chosen: number[][] = need.map(() => []);
  let bestChoice: number[][] = need.map(() => []);
  let best = 0;
  let budget = 20000; // positions are small; the budget only guards against pathological boards
  const dfs = (i: number, got: number): void => {
    if (got > best) {
      best = got;
      bestChoice = chosen.map((c, k) => (k < i ? c.slice() : []));
    }
    if (i === need.length || best === need.length || --budget < 0 || got + (need.length - i) <= best) return;
    const { atk, clout } = need[i]!;
    const free = cap.flatMap((c, j) => (c > 0 ? [j] : []));
    if (!clout) {
      for (const j of free) {
        cap[j]!--;
        chosen[i] = [j];
        dfs(i + 1, got + 1);
        cap[j]!++;
      }
    } else {
      const n = Math.min(free.length, 12);
      for (let mask = 1; mask < 1 << n; mask++) {
        let sum = 0;
        for (let b = 0; b < n; b++) if (mask & (1 << b)) sum += power[free[b]!]!;
        if (sum < atk) continue;
        const picks: number[] = [];
        for (let b = 0; b < n; b++) if (mask & (1 << b)) picks.push(free[b]!);
        for (const j of picks) cap[j]!--;
        chosen[i] = picks;
        dfs(i + 1, got + 1);
        for (const j of picks) cap[j]!++;
      }
    }
    chosen[i] = [];
    dfs(i + 1, got);
  };
  dfs(0, 0);
  return { best, choice: bestChoice };
}

export type BlockProblem = DeclarationProblem;

/**
 * RUL-COMBAT-2 and RUL-COMBAT-3: every problem with declaring `blocks` (empty when it is legal). First the
 * pairs themselves (the blocker is one of the defender's characters, the attacker is attacking, no pair twice,
 * no blocker over its capacity); then, for a well-formed assignment, Callout, Clout and Moderator. An id that
 * is not a listed blocker or attacker gets one message whatever it is (a hidden card, no card at all), so a
 * refusal never tells which ids exist. With `firstOnly` it stops at the first problem.
 */
export function blockProblems(offer: BlockOffer, blocks: readonly Block[], firstOnly = false): BlockProblem[] {
  const out: BlockProblem[] = [];
  const bIndex = new Map(offer.blockers.map((b, j) => [b.id, j]));
  const aIndex = new Map(offer.attackers.map((a, i) => [a.id, i]));
  const used = offer.blockers.map(() => 0);
  const pairs = new Set<string>();
  for (const b of blocks) {
    const j = bIndex.get(b.blocker);
    const i = aIndex.get(b.attacker);
    if (j === undefined) out.push({ code: 'unknown-card', card: b.blocker, message: `None of your characters on stage has the id ${b.blocker}` });
    else if (i === undefined) out.push({ code: 'unknown-card', card: b.attacker, message: `No attacking character has the id ${b.attacker}` });
    else if (pairs.has(`${j}>${i}`))
      out.push({ code: 'duplicate', card: b.blocker, message: `${offer.blockers[j]!.label} is assigned to ${offer.attackers[i]!.label} twice` });
    else {
      pairs.add(`${j}>${i}`);
      const f = offer.blockers[j]!;
      if (++used[j]! === f.capacity + 1)
        out.push({
          code: 'cannot-block',
          card: f.id,
          message:
            f.capacity === 1
              ? `${f.label} can block only one attacker (RUL-COMBAT-2)`
              : `${f.label} can block at most ${f.capacity} attackers (Moderator ${f.capacity}, RUL-COMBAT-2)`,
        });
    }
    if (firstOnly && out.length) return out;
  }
  if (out.length) return out;
  const sums = offer.attackers.map(() => 0);
  const blocked = offer.attackers.map(() => false);
  for (const b of blocks) {
    const i = aIndex.get(b.attacker)!;
    blocked[i] = true;
    sums[i]! += offer.blockers[bIndex.get(b.blocker)!]!.atk;
  }
  const anyCallout = offer.attackers.some((a) => a.callout);
  if (anyCallout) {
    let unblocked = 0;
    let calloutsBlocked = 0;
    offer.attackers.forEach((a, i) => {
      if (!a.callout) return;
      if (!blocked[i]) unblocked++;
      else if (!a.clout || sums[i]! >= a.atk) calloutsBlocked++;
    });
    if (unblocked && calloutsBlocked < maxCalloutBlocked(offer))
      offer.attackers.forEach((a, i) => {
        if (a.callout && !blocked[i])
          out.push({ code: 'callout', card: a.id, message: `${a.label} has Callout: it must be blocked while you are able to (RUL-COMBAT-3)` });
      });
    if (firstOnly && out.length) return out;
  }
  for (let i = 0; i < offer.attackers.length; i++) {
    const a = offer.attackers[i]!;
    if (blocked[i]) {
      if (a.clout && sums[i]! < a.atk) {
        out.push({
          code: 'clout',
          card: a.id,
          message: `${a.label} has Clout: its blockers need at least ${a.atk} combined ATK (they have ${sums[i]}) (RUL-COMBAT-3)`,
        });
        if (firstOnly) return out;
      }
      continue;
    }
    // A Moderator with room to spare must block an unblocked attacker it may block (for Clout, alone).
    for (let j = 0; j < offer.blockers.length; j++) {
      const m = offer.blockers[j]!;
      if (!m.moderator || used[j]! >= m.capacity) continue;
      if (a.clout && m.atk < a.atk) continue;
      out.push({ code: 'moderator', card: m.id, message: `${m.label} is a Moderator with room to spare: it must block ${a.label} (RUL-COMBAT-3)` });
      if (firstOnly) return out;
    }
  }
  return out;
}

/**
 * A complete assignment the engine accepts, built without search over every assignment (so a bot or a
 * "suggest blocks" button never has to wander): first the Callout blocks of a most-Callout-blocking
 * assignment (the search of `maxCalloutBlocked`, remembering its choice), then each Moderator with room
 * blocks the unblocked attackers it may block alone, strongest attacker first. Every step keeps the earlier
 * constraints: Callout blocks already meet Clout, and a Moderator only takes an attacker its own ATK meets,
 * so the result has no Callout, Clout or Moderator problem (RUL-COMBAT-3).
 */
export function aLegalAssignment(offer: BlockOffer): Block[] {
  const blocks: Block[] = [];
  const used = offer.blockers.map(() => 0);
  if (offer.attackers.some((a) => a.callout)) {
    const { choice } = calloutSearch(offer);
    const need = offer.attackers.filter((a) => a.callout);
    need.forEach((a, i) =>
      choice[i]!.forEach((j) => {
        used[j]!++;
        blocks.push({ blocker: offer.blockers[j]!.id, attacker: a.id });
      }),
    );
  }
  const byAtk = offer.attackers.slice().sort((x, y) => y.atk - x.atk);
  offer.blockers.forEach((m, j) => {
    if (!m.moderator) return;
    for (const a of byAtk) {
      if (used[j]! >= m.capacity) break;
      if (blocks.some((b) => b.attacker === a.id)) continue;
      if (a.clout && m.atk < a.atk) continue;
      used[j]!++;
      blocks.push({ blocker: m.id, attacker: a.id });
    }
  });
  return blocks;
}
