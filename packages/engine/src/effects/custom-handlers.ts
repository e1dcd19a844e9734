/**
 * The named escape hatch: effects that card data cannot say with the primitives. Each handler is pure
 * (mutates only the step's working state). A card file naming an unknown handler fails validation.
 */
import { emit, type Ctx } from '../core/context.js';
import { defById, isCharacterDef, onStage } from '../core/query.js';
import type { Frame } from '../core/types.js';
import { doubleCounters, producerOf } from '../zones/counters.js';
import { statsOf } from './stats.js';
import { cardW } from '../core/own.js';

export type CustomHandler = (ctx: Ctx, frame: Frame, cards: string[]) => void;

export const CUSTOM_HANDLERS: Record<string, CustomHandler> = {
  /** "Swap the target character's ATK and HP until end of turn." */
  'swap-atk-hp': (ctx, _f, cards) => {
    for (const id of cards) {
      const c = ctx.s.cards[id];
      if (!c || !onStage(c) || !isCharacterDef(defById(ctx.s, c.def))) continue;
      const st = statsOf(ctx.s, c);
      cardW(ctx.s, id).mods.push({ atk: st.hp - st.atk, hp: st.atk - st.hp, until: 'turn' });
      emit(ctx, { t: 'stats', card: id });
    }
  },
  /** "Double the counters of every kind on the target card." The new ones are the doubling card's (PR-17). */
  'double-counters': (ctx, f, cards) => {
    const producer = producerOf(ctx.s, f.source);
    for (const id of cards) {
      const c = ctx.s.cards[id];
      if (!c || !onStage(c)) continue;
      doubleCounters(ctx, id, producer);
    }
  },
};
