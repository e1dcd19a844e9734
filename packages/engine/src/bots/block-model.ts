/**
 * The defender model strongBot simulates blocks with (and the search's rollouts block by), and the block
 * assignments it falls back on when its own plan is refused.
 */
import type { Keywords } from '../cards/schema.js';
import { aLegalAssignment, blockOffer, blockProblems, type BlockOffer } from '../combat/blockers.js';
import { managerOf, type Block, type GameState, type ManagerId } from '../core/types.js';
import { statsOf, withStatsMemo } from '../effects/stats.js';
import { characterValue } from './evaluate.js';
import { addWork, simStep } from './sim-work.js';

interface Fighter {
  id: string;
  atk: number;
  /** HP left this turn. */
  hp: number;
  kw: Keywords;
  value: number;
}

function fighter(sim: GameState, id: string, blocking: boolean): Fighter {
  const c = sim.cards[id]!;
  const st = statsOf(sim, c);
  const atk = blocking && c.tilted ? 0 : st.atk;
  return { id, atk, hp: st.hp - c.damage, kw: st.keywords, value: characterValue(st.atk, st.hp, st.keywords) };
}

/** Whether `x` dealing its ATK to `y` graduates `y` (damage or Ban, RUL-COMBAT-6). */
function kills(x: Fighter, y: Fighter): boolean {
  return x.atk >= y.hp || (x.atk > 0 && !!x.kw.ban && !y.kw.ban);
}

/**
 * The defender model: block an attacker with a character that kills it and survives, else trade when the
 * trade is even or better; then meet Callout (the cheapest blocker that may block it) and Moderator (a
 * Moderator with room blocks an unblocked attacker); chump-block only when the unblocked damage would be
 * lethal. Then declare, repairing the assignment one block at a time if the legality function still refuses it.
 */
export function blockByModel(sim: GameState, d: ManagerId): boolean {
  const cb = sim.combat;
  if (!cb) return false;
  const offer = blockOffer(sim);
  const room = new Map<string, number>();
  const [attackers, free] = withStatsMemo(sim, () => {
    for (const b of offer.blockers) room.set(b.id, b.capacity);
    return [
      cb.attackers.map((id) => fighter(sim, id, false)).sort((x, y) => y.atk - x.atk),
      [...room].filter(([, n]) => n > 0).map(([id]) => fighter(sim, id, true)),
    ];
  });
  const blocks: Block[] = [];
  const blocked = new Set<string>();
  const block = (b: Fighter, a: Fighter): boolean => {
    blocks.push({ blocker: b.id, attacker: a.id });
    blocked.add(a.id);
    const left = room.get(b.id)! - 1;
    room.set(b.id, left);
    if (left <= 0) free.splice(free.indexOf(b), 1);
    return true;
  };
  const mayBlockAlone = (b: Fighter, a: Fighter) => !a.kw.clout || b.atk >= a.atk;
  for (const a of attackers) {
    if (blocked.has(a.id)) continue;
    let pick: Fighter | null = null;
    let top = 0;
    for (const b of free) {
      if (!mayBlockAlone(b, a)) continue;
      const k = kills(b, a);
      const dies = kills(a, b);
      const v = k && !dies ? 10 + a.value - 0.1 * b.value : k ? a.value - b.value + 0.01 : 0;
      if (v > top) [pick, top] = [b, v];
    }
    if (pick) block(pick, a);
  }
  const cheapestFor = (a: Fighter, only?: (b: Fighter) => boolean): Fighter | null => {
    let pick: Fighter | null = null;
    for (const b of free) if (mayBlockAlone(b, a) && (!only || only(b)) && (!pick || b.value < pick.value)) pick = b;
    return pick;
  };
  for (const a of attackers) {
    if (blocked.has(a.id) || !a.kw.callout) continue;
    const b = cheapestFor(a);
    if (b) block(b, a);
  }
  for (const a of attackers) {
    if (blocked.has(a.id)) continue;
    const m = cheapestFor(a, (b) => !!b.kw.moderator);
    if (m) block(m, a);
  }
  let incoming = 0;
  for (const a of attackers) if (!blocked.has(a.id)) incoming += a.atk;
  for (const a of attackers) {
    if (incoming < managerOf(sim, d).sanity) break;
    if (blocked.has(a.id)) continue;
    const b = cheapestFor(a);
    if (b && block(b, a)) incoming -= a.atk;
  }
  let plan = blocks;
  for (let i = 0; i < 12 && blockProblems(offer, plan, true).length; i++) {
    const fixed = repairStep(offer, plan);
    if (!fixed) break;
    plan = fixed;
  }
  // The model's blocks could not be repaired: an assignment the engine accepts instead.
  if (blockProblems(offer, plan, true).length) plan = aLegalAssignment(offer);
  return simStep(sim, { type: 'declare-blocks', manager: d, blocks: plan }).ok;
}

/**
 * Complete block assignments the engine accepts (no Callout, Clout or Moderator problem), found by a
 * depth-first search over each defender's choice (no block, or up to its capacity of attackers), with a
 * budget of assignments looked at. Moderators try blocking first, the others not blocking first.
 */
export function legalAssignments(offer: BlockOffer, limit: number, budget: number): Block[][] {
  const attackers = offer.attackers.map((a) => a.id);
  const defenders = offer.blockers.map((b) => b.id);
  const out: Block[][] = [];
  const blocks: Block[] = [];
  let leaves = 0;
  const subsets = (cap: number): string[][] => {
    const res: string[][] = [];
    const rec = (start: number, acc: string[]) => {
      if (acc.length) res.push(acc.slice());
      if (acc.length === cap) return;
      for (let i = start; i < attackers.length; i++) {
        acc.push(attackers[i]!);
        rec(i + 1, acc);
        acc.pop();
      }
    };
    rec(0, []);
    return res;
  };
  const choices = offer.blockers.map((b) => {
    const some = subsets(b.capacity);
    return b.capacity > 1 || b.moderator ? [...some, []] : [[], ...some];
  });
  const rec = (i: number): void => {
    if (out.length >= limit || leaves >= budget) return;
    if (i === defenders.length) {
      leaves++;
      addWork(0.05);
      if (blockProblems(offer, blocks, true).length === 0) out.push(blocks.slice());
      return;
    }
    for (const targets of choices[i]!) {
      for (const attacker of targets) blocks.push({ blocker: defenders[i]!, attacker });
      rec(i + 1);
      blocks.length -= targets.length;
      if (out.length >= limit || leaves >= budget) return;
    }
  };
  rec(0);
  return out;
}

/** The assignment one block added or removed away from `blocks` that leaves the fewest problems. */
function repairStep(offer: BlockOffer, blocks: Block[]): Block[] | null {
  const options: Block[][] = [];
  const used = new Map<string, number>();
  for (const b of blocks) used.set(b.blocker, (used.get(b.blocker) ?? 0) + 1);
  for (const d of offer.blockers)
    if ((used.get(d.id) ?? 0) < d.capacity)
      for (const a of offer.attackers)
        if (!blocks.some((b) => b.blocker === d.id && b.attacker === a.id)) options.push([...blocks, { blocker: d.id, attacker: a.id }]);
  const adds = options.length;
  for (const b of blocks) options.push(blocks.filter((x) => x !== b));
  let best: Block[] | null = null;
  let fewest = Infinity;
  options.forEach((option, k) => {
    addWork(0.2);
    const n = blockProblems(offer, option).length + (k >= adds ? 0.5 : 0);
    if (n < fewest) [best, fewest] = [option, n];
  });
  return best;
}
