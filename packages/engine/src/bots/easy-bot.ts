/**
 * The easy bot: strongBot's plays, with a person's lapses. At a seeded rate it leaves an attacker home or
 * lets an attack through unblocked; everything it does is still something strongBot would consider (a
 * subset of strongBot's own declaration), so it never plays nonsense, only misses chances. A dropped block
 * the rules require (Callout, Moderator) is put back: the declaration stays one the engine accepts.
 */
import { isOffer } from '../actions/offers.js';
import { blockProblems } from '../combat/blockers.js';
import { makeRng } from '../core/rng.js';
import { createStrongBot } from './strong-bot.js';
import type { Bot } from './types.js';

export interface EasyBotOptions {
  /** The chance that each attacker strongBot would send stays home. Default 0.5. */
  missAttack?: number;
  /** The chance that each block strongBot would make is not made. Default 0.5. */
  missBlock?: number;
  goFirst?: boolean;
}

export function createEasyBot(o: EasyBotOptions = {}): Bot {
  const strong = createStrongBot({ goFirst: o.goFirst ?? true });
  const missAttack = o.missAttack ?? 0.5;
  const missBlock = o.missBlock ?? 0.5;
  return (input) => {
    const a = strong(input);
    const rng = makeRng(`easy:${input.seed}`);
    if (a.type === 'declare-attackers') return { ...a, attackers: a.attackers.filter(() => rng() >= missAttack) };
    if (a.type === 'declare-blocks') {
      const offer = input.legal.find(isOffer);
      if (offer?.type !== 'choose-blocks') return a;
      const kept = a.blocks.filter(() => rng() >= missBlock);
      return blockProblems(offer, kept, true).length === 0 ? { ...a, blocks: kept } : a;
    }
    return a;
  };
}

export const easyBot: Bot = createEasyBot();
