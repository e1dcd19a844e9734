/** The start of a turn, before its automatic part (the Starting Phase's untilt and draw is in flow.ts). */
import { emit, setPhase, type Ctx } from '../core/context.js';
import { defById, forEachOnStage } from '../core/query.js';
import { managerOf } from '../core/types.js';
import { queueStageTriggers } from '../stack/triggers.js';
import { moveCard } from '../zones/move.js';
import { cardW } from '../core/own.js';

/** RUL-TURN-1, step 1 and 2: clear damage (RUL-COMBAT-8), then "start of turn" effects (hiatus returns first). */
export function beginTurn(ctx: Ctx): void {
  const s = ctx.s;
  emit(ctx, { t: 'turn', turn: s.turn, active: s.active });
  setPhase(ctx, 'start');
  forEachOnStage(s, (id) => {
    const c = s.cards[id]!;
    if (c.damage === 0 && !c.banned) return; // nothing to change: no copy (core/own.ts)
    const w = cardW(s, id);
    w.damage = 0;
    w.banned = false;
  });
  for (const id of managerOf(s, s.active).hiatus.slice()) {
    const c = s.cards[id]!;
    if (!c.returnsFromHiatus) continue;
    cardW(s, id).returnsFromHiatus = false;
    moveCard(ctx, id, defById(s, c.def).types.includes('leader') ? 'centre' : 'main');
  }
  queueStageTriggers(s, 'start-of-turn', s.active);
  s.priority = null;
  s.passes = 0;
}
