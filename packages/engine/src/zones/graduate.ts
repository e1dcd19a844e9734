/**
 * Graduation: a card goes to its owner's Graduation Zone (a token leaves the game, RUL-ZONE-1, but its
 * graduation triggers still fire). Assets equipped to a graduating character are graduated too (RUL-ZONE-4).
 */
import type { Ctx } from '../core/context.js';
import { defOf, onStage, stageOf, isCharacterDef } from '../core/query.js';
import type { CardLocation } from '../core/types.js';
import { matchesFilter } from '../effects/filters.js';
import { queueTrigger } from '../stack/triggers.js';
import { attachmentsOf, moveCard } from './move.js';

/** Takes a card off the stage (to hand, hiatus, graduation, roster), graduating its equipped assets first. */
export function removeFromStage(ctx: Ctx, id: string, to: CardLocation): string {
  for (const a of attachmentsOf(ctx.s, id)) graduate(ctx, a);
  return moveCard(ctx, id, to);
}

export function graduate(ctx: Ctx, id: string): string {
  const s = ctx.s;
  const c = s.cards[id];
  if (!c) return '';
  const wasOnStage = onStage(c);
  const d = defOf(s, c);
  const selfTriggers: number[] = [];
  d.abilities.forEach((a, i) => {
    if (a.kind === 'triggered' && a.trigger.on === 'graduate' && wasOnStage) selfTriggers.push(i);
  });
  const allyTriggers: { source: string; def: string; ability: number }[] = [];
  if (wasOnStage && isCharacterDef(d)) {
    for (const oid of stageOf(s, c.owner)) {
      if (oid === id) continue;
      const o = s.cards[oid]!;
      defOf(s, o).abilities.forEach((a, i) => {
        if (a.kind === 'triggered' && a.trigger.on === 'ally-graduated' && matchesFilter(s, c, a.trigger.filter, oid))
          allyTriggers.push({ source: oid, def: o.def, ability: i });
      });
    }
  }
  const owner = c.owner;
  const nid = wasOnStage ? removeFromStage(ctx, id, 'graduation') : moveCard(ctx, id, 'graduation');
  for (const i of selfTriggers) queueTrigger(s, { controller: owner, source: nid || id, sourceDef: c.def, ability: i });
  for (const t of allyTriggers) queueTrigger(s, { controller: owner, source: t.source, sourceDef: t.def, ability: t.ability });
  return nid;
}
