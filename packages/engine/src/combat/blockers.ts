/**
 * Blocking (RUL-COMBAT-2, RUL-COMBAT-3). Blocks are assigned one pair at a time and confirmed; the
 * confirmation is legal only when the whole assignment keeps Callout, Clout and Moderator. The same check
 * explains to the UI why an assignment cannot be confirmed yet.
 */
import { defById, charactersOf, isCharacterDef } from '../core/query.js';
import { other, type Block, type GameState } from '../core/types.js';
import { blockCapacity, hasKeyword, statsOf } from '../effects/stats.js';

/** RUL-COMBAT-2: a tilted blocker's ATK counts as 0 for damage and for Clout. */
export function blockerAtk(s: GameState, id: string): number {
  const c = s.cards[id]!;
  return c.tilted ? 0 : statsOf(s, c).atk;
}

export function defenderCharacters(s: GameState): string[] {
  return charactersOf(s, other(s.active));
}

function usedCapacity(blocks: readonly Block[], blocker: string): number {
  let n = 0;
  for (const b of blocks) if (b.blocker === blocker) n++;
  return n;
}

/**
 * What blocking legality reads of the board: each attacker's ATK, Callout and Clout, each defending
 * character's ATK as a blocker, capacity and Moderator. Only the assignment changes while blocks are being
 * declared (nobody has priority in that step), so during 'combat-block' the facts of the last combat asked
 * about are kept; at any other time they are computed afresh.
 */
interface BlockFacts {
  attackers: readonly string[];
  atk: number[];
  callout: boolean[];
  clout: boolean[];
  anyCallout: boolean;
  defenders: string[];
  power: number[];
  cap: number[];
  moderator: boolean[];
  /** maxCalloutBlocked, once asked. */
  maxCallout?: number;
}

/** One slot: the last combat asked about (a WeakMap write per combat costs more than the facts themselves). */
let kept: { combat: object; turn: number; nextId: number; attackers: number; facts: BlockFacts } | null = null;

function computeFacts(s: GameState): BlockFacts {
  const attackers = s.combat ? s.combat.attackers : [];
  const f: BlockFacts = { attackers, atk: [], callout: [], clout: [], anyCallout: false, defenders: defenderCharacters(s), power: [], cap: [], moderator: [] };
  for (const a of attackers) {
    const c = s.cards[a]!;
    const callout = hasKeyword(s, c, 'callout');
    f.atk.push(statsOf(s, c).atk);
    f.callout.push(callout);
    f.clout.push(hasKeyword(s, c, 'clout'));
    if (callout) f.anyCallout = true;
  }
  for (const d of f.defenders) {
    const c = s.cards[d]!;
    f.power.push(blockerAtk(s, d));
    f.cap.push(blockCapacity(s, c));
    f.moderator.push(hasKeyword(s, c, 'moderator'));
  }
  return f;
}

function blockFacts(s: GameState): BlockFacts {
  const cb = s.combat;
  if (!cb || s.phase !== 'combat-block') return computeFacts(s);
  const hit = kept;
  if (hit && hit.combat === cb && hit.turn === s.turn && hit.nextId === s.nextId && hit.attackers === cb.attackers.length && hit.facts.attackers === cb.attackers)
    return hit.facts;
  const facts = computeFacts(s);
  kept = { combat: cb, turn: s.turn, nextId: s.nextId, attackers: cb.attackers.length, facts };
  return facts;
}

/** How many attackers `blocker` already blocks, or -1 when it already blocks `attacker`. */
function usedUnlessPaired(blocks: readonly Block[], blocker: string, attacker: string): number {
  let used = 0;
  for (const b of blocks) {
    if (b.blocker !== blocker) continue;
    if (b.attacker === attacker) return -1;
    used++;
  }
  return used;
}

/** Whether adding this pair to the assignment is allowed (capacity and distinctness only). */
export function canAddBlock(s: GameState, blocker: string, attacker: string): boolean {
  const cb = s.combat;
  if (!cb || !cb.attackers.includes(attacker)) return false;
  if (s.phase === 'combat-block') {
    // The facts' defenders are exactly the defending manager's characters on stage.
    const f = blockFacts(s);
    const j = f.defenders.indexOf(blocker);
    const used = j < 0 ? -1 : usedUnlessPaired(cb.blocks, blocker, attacker);
    return used >= 0 && used < f.cap[j]!;
  }
  const c = s.cards[blocker];
  if (!c || c.owner === s.active || (c.zone !== 'main' && c.zone !== 'centre')) return false;
  if (!isCharacterDef(defById(s, c.def))) return false;
  const used = usedUnlessPaired(cb.blocks, blocker, attacker);
  return used >= 0 && used < blockCapacity(s, c);
}

/**
 * Every pair `canAddBlock` accepts, in the order legal actions list them: defending characters in stage
 * order, then attackers in declaration order.
 */
export function forEachAddableBlock(s: GameState, fn: (blocker: string, attacker: string) => void): void {
  const cb = s.combat;
  if (!cb) return;
  const f = blockFacts(s);
  for (let j = 0; j < f.defenders.length; j++) {
    const d = f.defenders[j]!;
    for (const a of cb.attackers) {
      const used = usedUnlessPaired(cb.blocks, d, a);
      if (used >= 0 && used < f.cap[j]!) fn(d, a);
    }
  }
}

export type BlockProblem = { code: 'callout' | 'clout' | 'moderator'; card: string; message: string };

/**
 * RUL-COMBAT-3, "a Callout attacker that could be legally blocked": the defender must block as many Callout
 * attackers as any assignment could (project ruling PR-10, as requirements are maximised in other card
 * games), so a blocker may have to leave another attacker to block a Callout attacker. This is that most.
 * It depends only on the block facts, so it is kept with them.
 */
export function maxCalloutBlocked(s: GameState): number {
  const f = blockFacts(s);
  return (f.maxCallout ??= f.anyCallout ? searchMaxCallout(f) : 0);
}

function searchMaxCallout(f: BlockFacts): number {
  const need: { atk: number; clout: boolean }[] = [];
  for (let i = 0; i < f.attackers.length; i++) if (f.callout[i]) need.push({ atk: f.atk[i]!, clout: f.clout[i]! });
  const power = f.power;
  const cap = f.cap.slice();
  let budget = 20000; // positions are small; the budget only guards against pathological boards
  const dfs = (i: number): number => {
    if (i === need.length || --budget < 0) return 0;
    let best = dfs(i + 1);
    const { atk, clout } = need[i]!;
    const free = cap.flatMap((c, j) => (c > 0 ? [j] : []));
    if (!clout) {
      for (const j of free) {
        cap[j]!--;
        best = Math.max(best, 1 + dfs(i + 1));
        cap[j]!++;
        if (best === need.length - i) break;
      }
      return best;
    }
    const n = Math.min(free.length, 12);
    for (let mask = 1; mask < 1 << n && best < need.length - i; mask++) {
      let sum = 0;
      for (let b = 0; b < n; b++) if (mask & (1 << b)) sum += power[free[b]!]!;
      if (sum < atk) continue;
      for (let b = 0; b < n; b++) if (mask & (1 << b)) cap[free[b]!]!--;
      best = Math.max(best, 1 + dfs(i + 1));
      for (let b = 0; b < n; b++) if (mask & (1 << b)) cap[free[b]!]!++;
    }
    return best;
  };
  return dfs(0);
}

/** Combined blocker ATK on `attacker` under `blocks` (RUL-COMBAT-2: tilted blockers count 0). */
function blockSum(s: GameState, f: BlockFacts, blocks: readonly Block[], attacker: string): number {
  let sum = 0;
  for (const b of blocks) {
    if (b.attacker !== attacker) continue;
    const j = f.defenders.indexOf(b.blocker);
    sum += j >= 0 ? f.power[j]! : blockerAtk(s, b.blocker);
  }
  return sum;
}

function isBlocked(blocks: readonly Block[], attacker: string): boolean {
  for (const b of blocks) if (b.attacker === attacker) return true;
  return false;
}

function nameOf(s: GameState, id: string): string {
  return defById(s, s.cards[id]!.def).name;
}

/**
 * RUL-COMBAT-3: every way this assignment breaks Callout, Clout or Moderator. With `firstOnly` it stops at
 * the first problem (legality only needs to know there is one; the UI wants them all).
 */
export function blockProblems(s: GameState, blocks: readonly Block[], firstOnly = false): BlockProblem[] {
  const cb = s.combat;
  if (!cb) return [];
  const f = blockFacts(s);
  const out: BlockProblem[] = [];
  if (f.anyCallout) {
    let unblocked = 0;
    let calloutsBlocked = 0;
    for (let i = 0; i < f.attackers.length; i++) {
      if (!f.callout[i]) continue;
      const a = f.attackers[i]!;
      if (!isBlocked(blocks, a)) unblocked++;
      else if (!f.clout[i] || blockSum(s, f, blocks, a) >= f.atk[i]!) calloutsBlocked++;
    }
    if (unblocked && calloutsBlocked < maxCalloutBlocked(s))
      for (let i = 0; i < f.attackers.length; i++) {
        const a = f.attackers[i]!;
        if (f.callout[i] && !isBlocked(blocks, a))
          out.push({ code: 'callout', card: a, message: `${nameOf(s, a)} has Callout: it must be blocked while you are able to` });
      }
    if (firstOnly && out.length) return out;
  }
  for (let i = 0; i < f.attackers.length; i++) {
    const a = f.attackers[i]!;
    const atk = f.atk[i]!;
    const clout = f.clout[i]!;
    if (isBlocked(blocks, a)) {
      if (clout) {
        const sum = blockSum(s, f, blocks, a);
        if (sum < atk) {
          out.push({ code: 'clout', card: a, message: `${nameOf(s, a)} has Clout: its blockers need at least ${atk} combined ATK (they have ${sum})` });
          if (firstOnly) return out;
        }
      }
      continue;
    }
    // A Moderator with room to spare must block an unblocked attacker it may block (for Clout, alone).
    for (let j = 0; j < f.defenders.length; j++) {
      if (!f.moderator[j]) continue;
      const m = f.defenders[j]!;
      if (usedCapacity(blocks, m) >= f.cap[j]!) continue;
      if (clout && f.power[j]! < atk) continue;
      out.push({ code: 'moderator', card: m, message: `${nameOf(s, m)} is a Moderator with room to spare: it must block ${nameOf(s, a)}` });
      if (firstOnly) return out;
    }
  }
  return out;
}

/**
 * A complete assignment the engine accepts, built without search (so a bot or a "suggest blocks" button
 * never has to wander): first the Callout blocks of a most-Callout-blocking assignment (the same search as
 * `maxCalloutBlocked`, remembering its choice), then each Moderator with room blocks the unblocked attackers
 * it may block alone, strongest attacker first. Every step keeps the earlier constraints: Callout blocks
 * already meet Clout, and a Moderator only takes an attacker its own ATK meets, so the result has no
 * Callout, Clout or Moderator problem (RUL-COMBAT-3). Existing blocks in the state are ignored.
 */
export function aLegalAssignment(s: GameState): Block[] {
  const cb = s.combat;
  if (!cb) return [];
  const f = blockFacts(s);
  const { defenders, power } = f;
  const cap = f.cap.slice(); // the search below changes it (and restores it); the facts may be kept
  const fighters = f.attackers.map((id, i) => ({ id, atk: f.atk[i]!, clout: f.clout[i]! }));
  const need = fighters.filter((_, i) => f.callout[i]);
  const target = maxCalloutBlocked(s);
  // Depth-first over the Callout attackers, as in maxCalloutBlocked, stopping at the first choice that
  // blocks `target` of them.
  const chosen: number[][] = need.map(() => []);
  let budget = 20000;
  const dfs = (i: number, got: number): boolean => {
    if (got >= target) {
      for (let k = i; k < need.length; k++) chosen[k] = []; // left over from abandoned branches
      return true;
    }
    if (i === need.length || --budget < 0 || got + (need.length - i) < target) return false;
    const { atk, clout } = need[i]!;
    const free = cap.flatMap((c, j) => (c > 0 ? [j] : []));
    if (!clout) {
      for (const j of free) {
        cap[j]!--;
        chosen[i] = [j];
        const ok = dfs(i + 1, got + 1);
        cap[j]!++;
        if (ok) return true;
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
        const ok = dfs(i + 1, got + 1);
        for (const j of picks) cap[j]!++;
        if (ok) return true;
      }
    }
    chosen[i] = [];
    return dfs(i + 1, got);
  };
  const blocks: Block[] = [];
  if (target > 0 && dfs(0, 0)) need.forEach((n, i) => chosen[i]!.forEach((j) => blocks.push({ blocker: defenders[j]!, attacker: n.id })));
  const byAtk = fighters.slice().sort((x, y) => y.atk - x.atk);
  defenders.forEach((m, j) => {
    if (!f.moderator[j]) return;
    for (const { id: a, atk, clout } of byAtk) {
      if (usedCapacity(blocks, m) >= cap[j]!) break;
      if (blocks.some((b) => b.attacker === a)) continue;
      if (clout && power[j]! < atk) continue;
      blocks.push({ blocker: m, attacker: a });
    }
  });
  return blocks;
}
