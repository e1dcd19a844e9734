/**
 * Blocking (RUL-COMBAT-2, RUL-COMBAT-3). Blocks are assigned one pair at a time and confirmed; the
 * confirmation is legal only when the whole assignment keeps Callout, Clout and Moderator. The same check
 * explains to the UI why an assignment cannot be confirmed yet.
 */
import { charactersOf, isCharacterDef } from '../core/query.js';
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

/** Whether adding this pair to the assignment is allowed (capacity and distinctness only). */
export function canAddBlock(s: GameState, blocker: string, attacker: string): boolean {
  const cb = s.combat;
  if (!cb || !cb.attackers.includes(attacker)) return false;
  const c = s.cards[blocker];
  if (!c || c.owner === s.active || (c.zone !== 'main' && c.zone !== 'centre')) return false;
  if (!isCharacterDef(s.defs[c.def]!)) return false;
  if (cb.blocks.some((b) => b.blocker === blocker && b.attacker === attacker)) return false;
  return usedCapacity(cb.blocks, blocker) < blockCapacity(s, c);
}

export type BlockProblem = { code: 'callout' | 'clout' | 'moderator'; card: string; message: string };

function spare(s: GameState, blocks: readonly Block[], attacker: string): string[] {
  return defenderCharacters(s).filter(
    (b) => usedCapacity(blocks, b) < blockCapacity(s, s.cards[b]!) && !blocks.some((x) => x.blocker === b && x.attacker === attacker),
  );
}

const maxCache = new WeakMap<GameState, { key: string; max: number }>();

/**
 * RUL-COMBAT-3, "a Callout attacker that could be legally blocked": the defender must block as many Callout
 * attackers as any assignment could (project ruling PR-10, as requirements are maximised in other card
 * games), so a blocker may have to leave another attacker to block a Callout attacker. This is that most.
 * It depends only on the attackers and the defender's characters, which cannot change while blocks are
 * being declared, so it is cached for the state object.
 */
export function maxCalloutBlocked(s: GameState): number {
  const cb = s.combat;
  if (!cb) return 0;
  const callouts = cb.attackers.filter((a) => hasKeyword(s, s.cards[a]!, 'callout'));
  if (callouts.length === 0) return 0;
  const defenders = defenderCharacters(s);
  const key = `${s.turn}|${s.nextId}|${cb.attackers.join(',')}|${defenders.join(',')}`;
  const hit = maxCache.get(s);
  if (hit && hit.key === key) return hit.max;
  const need = callouts.map((a) => ({ atk: statsOf(s, s.cards[a]!).atk, clout: hasKeyword(s, s.cards[a]!, 'clout') }));
  const power = defenders.map((d) => blockerAtk(s, d));
  const cap = defenders.map((d) => blockCapacity(s, s.cards[d]!));
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
  const max = dfs(0);
  maxCache.set(s, { key, max });
  return max;
}

/**
 * RUL-COMBAT-3: every way this assignment breaks Callout, Clout or Moderator. With `firstOnly` it stops at
 * the first problem (legality only needs to know there is one; the UI wants them all).
 */
export function blockProblems(s: GameState, blocks: readonly Block[], firstOnly = false): BlockProblem[] {
  const cb = s.combat;
  if (!cb) return [];
  const out: BlockProblem[] = [];
  const name = (id: string) => s.defs[s.cards[id]!.def]!.name;
  const isBlocked = (a: string) => blocks.some((b) => b.attacker === a);
  const sumOf = (a: string) => blocks.filter((b) => b.attacker === a).reduce((n, b) => n + blockerAtk(s, b.blocker), 0);
  const unblockedCallouts: string[] = [];
  let calloutsBlocked = 0;
  for (const a of cb.attackers) {
    const ac = s.cards[a]!;
    if (!hasKeyword(s, ac, 'callout')) continue;
    if (!isBlocked(a)) unblockedCallouts.push(a);
    else if (!hasKeyword(s, ac, 'clout') || sumOf(a) >= statsOf(s, ac).atk) calloutsBlocked++;
  }
  if (unblockedCallouts.length && calloutsBlocked < maxCalloutBlocked(s))
    for (const a of unblockedCallouts)
      out.push({ code: 'callout', card: a, message: `${name(a)} has Callout: it must be blocked while you are able to` });
  if (firstOnly && out.length) return out;
  for (const a of cb.attackers) {
    const ac = s.cards[a]!;
    const atk = statsOf(s, ac).atk;
    const clout = hasKeyword(s, ac, 'clout');
    if (isBlocked(a)) {
      if (clout) {
        const sum = sumOf(a);
        if (sum < atk) {
          out.push({ code: 'clout', card: a, message: `${name(a)} has Clout: its blockers need at least ${atk} combined ATK (they have ${sum})` });
          if (firstOnly) return out;
        }
      }
      continue;
    }
    for (const m of spare(s, blocks, a)) {
      const mc = s.cards[m]!;
      if (!hasKeyword(s, mc, 'moderator')) continue;
      if (clout && blockerAtk(s, m) < atk) continue;
      out.push({ code: 'moderator', card: m, message: `${name(m)} is a Moderator with room to spare: it must block ${name(a)}` });
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
  const defenders = defenderCharacters(s);
  const power = defenders.map((d) => blockerAtk(s, d));
  const cap = defenders.map((d) => blockCapacity(s, s.cards[d]!));
  const callouts = cb.attackers.filter((a) => hasKeyword(s, s.cards[a]!, 'callout'));
  const need = callouts.map((a) => ({ id: a, atk: statsOf(s, s.cards[a]!).atk, clout: hasKeyword(s, s.cards[a]!, 'clout') }));
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
  const used = (d: string) => usedCapacity(blocks, d);
  const byAtk = cb.attackers.map((a) => ({ a, atk: statsOf(s, s.cards[a]!).atk, clout: hasKeyword(s, s.cards[a]!, 'clout') })).sort((x, y) => y.atk - x.atk);
  defenders.forEach((m, j) => {
    if (!hasKeyword(s, s.cards[m]!, 'moderator')) return;
    for (const { a, atk, clout } of byAtk) {
      if (used(m) >= cap[j]!) break;
      if (blocks.some((b) => b.attacker === a)) continue;
      if (clout && power[j]! < atk) continue;
      blocks.push({ blocker: m, attacker: a });
    }
  });
  return blocks;
}
