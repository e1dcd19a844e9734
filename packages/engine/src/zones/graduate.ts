/**
 * Graduation: a card goes to its owner's Graduation Zone (a token leaves the game, RUL-ZONE-1, but its
 * graduation triggers still fire). Assets equipped to a graduating character are graduated too (RUL-ZONE-4).
 */
import type { Ctx } from '../core/context.js';
import { defOf, onStage, stageOf, isCharacterDef } from '../core/query.js';
import type { CardLocation, GameState, QueuedTrigger } from '../core/types.js';
import { matchesFilter } from '../effects/filters.js';
import { queueTrigger } from '../stack/triggers.js';
import { attachmentsOf, moveCard } from './move.js';

/** Takes a card off the stage (to hand, hiatus, graduation, roster), graduating its equipped assets first. */
export function removeFromStage(ctx: Ctx, id: string, to: CardLocation): string {
  for (const a of attachmentsOf(ctx.s, id)) graduate(ctx, a);
  return moveCard(ctx, id, to);
}

/** The triggers one graduation would fire, read from the stage as it is now (before anything moves). */
function graduationTriggers(s: GameState, id: string): QueuedTrigger[] {
  const c = s.cards[id];
  if (!c || !onStage(c)) return [];
  const d = defOf(s, c);
  const out: QueuedTrigger[] = [];
  d.abilities.forEach((a, i) => {
    if (a.kind === 'triggered' && a.trigger.on === 'graduate') out.push({ controller: c.owner, source: id, sourceDef: c.def, ability: i });
  });
  if (isCharacterDef(d)) {
    for (const oid of stageOf(s, c.owner)) {
      if (oid === id) continue;
      const o = s.cards[oid]!;
      defOf(s, o).abilities.forEach((a, i) => {
        if (a.kind === 'triggered' && a.trigger.on === 'ally-graduated' && matchesFilter(s, c, a.trigger.filter, oid))
          out.push({ controller: o.owner, source: oid, sourceDef: o.def, ability: i });
      });
    }
  }
  return out;
}

/**
 * Graduates several cards at the same moment. Their triggers are read from the stage before any of them
 * moves, so a character that graduates together with an ally still sees that ally go (project ruling PR-9).
 */
export function graduateAll(ctx: Ctx, ids: readonly string[]): string[] {
  const s = ctx.s;
  const triggers = ids.flatMap((id) => graduationTriggers(s, id));
  const renamed = new Map<string, string>();
  for (const id of ids) {
    const c = s.cards[id];
    if (!c) continue;
    renamed.set(id, onStage(c) ? removeFromStage(ctx, id, 'graduation') : moveCard(ctx, id, 'graduation'));
  }
  // A token's triggers still fire after it left the game (RUL-ZONE-1): its old id stays the source.
  for (const t of triggers) queueTrigger(s, { ...t, source: renamed.get(t.source) || t.source });
  return ids.map((id) => renamed.get(id) ?? '');
}

export function graduate(ctx: Ctx, id: string): string {
  return graduateAll(ctx, [id])[0]!;
}
