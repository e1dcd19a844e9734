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

/** RUL-COMBAT-3: every way this assignment breaks Callout, Clout or Moderator. */
export function blockProblems(s: GameState, blocks: readonly Block[]): BlockProblem[] {
  const cb = s.combat;
  if (!cb) return [];
  const out: BlockProblem[] = [];
  const name = (id: string) => s.defs[s.cards[id]!.def]!.name;
  const isBlocked = (a: string) => blocks.some((b) => b.attacker === a);
  for (const a of cb.attackers) {
    const ac = s.cards[a]!;
    const atk = statsOf(s, ac).atk;
    const clout = hasKeyword(s, ac, 'clout');
    if (isBlocked(a)) {
      if (clout) {
        const sum = blocks.filter((b) => b.attacker === a).reduce((n, b) => n + blockerAtk(s, b.blocker), 0);
        if (sum < atk)
          out.push({ code: 'clout', card: a, message: `${name(a)} has Clout: its blockers need at least ${atk} combined ATK (they have ${sum})` });
      }
      continue;
    }
    // Could spare capacity still block it legally?
    const free = spare(s, blocks, a);
    const couldBlock = clout ? free.reduce((n, b) => n + blockerAtk(s, b), 0) >= atk && free.length > 0 : free.length > 0;
    if (hasKeyword(s, ac, 'callout') && couldBlock)
      out.push({ code: 'callout', card: a, message: `${name(a)} has Callout: it must be blocked while you are able to` });
    for (const m of free) {
      const mc = s.cards[m]!;
      if (!hasKeyword(s, mc, 'moderator')) continue;
      if (clout && blockerAtk(s, m) < atk) continue;
      out.push({ code: 'moderator', card: m, message: `${name(m)} is a Moderator with room to spare: it must block ${name(a)}` });
    }
  }
  return out;
}
