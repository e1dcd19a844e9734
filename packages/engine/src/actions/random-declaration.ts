/**
 * Uniformly random legal declarations, for random playouts, bots and the property suite. Attackers: any
 * subset of the eligible characters is legal, so each joins with probability ½. Blocks: an assignment is
 * drawn uniformly from all well-formed ones (each blocker, independently, blocks nothing or one of the
 * attacker sets its capacity allows) and kept when `blockProblems` accepts it; rejection sampling of a
 * uniform draw is uniform over the legal ones. When Callout or a Moderator makes legal assignments rare,
 * the draw falls back to enumerating every assignment (still uniform) while there are few enough, and only
 * past that to `aLegalAssignment`.
 */
import type { Action } from './schema.js';
import type { Block } from '../core/types.js';
import type { AttackOffer } from '../combat/attackers.js';
import { aLegalAssignment, blockProblems, type BlockOffer } from '../combat/blockers.js';

type Rng = () => number;

const TRIES = 48;
const ENUMERATE_MAX = 4096;

export function randomAttackers(offer: AttackOffer, rng: Rng): Action {
  return { type: 'declare-attackers', manager: offer.manager, attackers: offer.eligible.filter(() => rng() < 0.5).map((e) => e.id) };
}

/** For each blocker: the attacker-index sets it may block (the empty set first). */
function optionsOf(offer: BlockOffer): number[][][] {
  const n = offer.attackers.length;
  return offer.blockers.map((b) => {
    const out: number[][] = [[]];
    const rec = (start: number, acc: number[]) => {
      if (acc.length === b.capacity) return;
      for (let i = start; i < n; i++) {
        acc.push(i);
        out.push(acc.slice());
        rec(i + 1, acc);
        acc.pop();
      }
    };
    rec(0, []);
    return out;
  });
}

function toBlocks(offer: BlockOffer, options: number[][][], picks: readonly number[]): Block[] {
  const blocks: Block[] = [];
  picks.forEach((k, j) => {
    for (const i of options[j]![k]!) blocks.push({ blocker: offer.blockers[j]!.id, attacker: offer.attackers[i]!.id });
  });
  return blocks;
}

export function randomBlocks(offer: BlockOffer, rng: Rng): Action {
  const declare = (blocks: Block[]): Action => ({ type: 'declare-blocks', manager: offer.manager, blocks });
  const options = optionsOf(offer);
  for (let t = 0; t < TRIES; t++) {
    const blocks = toBlocks(
      offer,
      options,
      options.map((o) => Math.floor(rng() * o.length)),
    );
    if (blockProblems(offer, blocks, true).length === 0) return declare(blocks);
  }
  const total = options.reduce((n, o) => n * o.length, 1);
  if (total <= ENUMERATE_MAX) {
    const legal: Block[][] = [];
    const picks = options.map(() => 0);
    for (let k = 0; k < total; k++) {
      let r = k;
      for (let j = 0; j < options.length; j++) {
        picks[j] = r % options[j]!.length;
        r = Math.floor(r / options[j]!.length);
      }
      const blocks = toBlocks(offer, options, picks);
      if (blockProblems(offer, blocks, true).length === 0) legal.push(blocks);
    }
    if (legal.length) return declare(legal[Math.floor(rng() * legal.length)]!);
  }
  return declare(aLegalAssignment(offer));
}
