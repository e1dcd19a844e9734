/**
 * Resolving the top of the stack (RUL-STACK-1, RUL-STACK-2, RUL-STACK-3). An ability resolves as a frame
 * whose effects run in order; a frame may pause for a choice ("may", search, look at the top) and resume.
 */
import { emit, type Ctx } from '../core/context.js';
import type { Frame } from '../core/types.js';
import { applyEffect } from '../effects/apply.js';
import { evalCondition } from '../effects/conditions.js';
import { frameAbility, liveTarget } from '../effects/selectors.js';
import { checkEnd } from '../end/check-end.js';
import { moveCard } from '../zones/move.js';
import { defById } from '../core/query.js';

/** Runs a frame from `frame.next`. Returns false when it paused on a pending choice. */
export function runFrame(ctx: Ctx, frame: Frame): boolean {
  const s = ctx.s;
  const a = frameAbility(s, frame);
  const effects = 'effects' in a ? a.effects : [];
  for (let i = frame.next; i < effects.length; i++) {
    const e = effects[i]!;
    if (e.if && !evalCondition(s, e.if, frame.controller, frame.source)) continue;
    const r = applyEffect(ctx, { ...frame, next: i + 1 }, e);
    if (checkEnd(ctx)) {
      // The match is over, but the resolving highlight still goes to the Graduation Zone (RUL-STACK-3).
      finishFrame(ctx, frame);
      return true;
    }
    if (r === 'suspend') return false;
  }
  finishFrame(ctx, frame);
  return true;
}

/** RUL-STACK-3: a highlight goes to the Graduation Zone when it resolves. */
export function finishFrame(ctx: Ctx, frame: Frame): void {
  if (frame.highlight && ctx.s.cards[frame.highlight]?.zone === 'stack') moveCard(ctx, frame.highlight, 'graduation');
}

export function resolveTop(ctx: Ctx): void {
  const s = ctx.s;
  const item = s.stack.pop();
  if (!item) return;
  const frame: Frame = {
    controller: item.controller,
    source: item.source,
    sourceDef: item.sourceDef,
    ability: item.ability,
    targets: item.targets,
    next: 0,
    highlight: item.kind === 'highlight' ? item.source : null,
  };
  // RUL-STACK-2: an item whose every target has become illegal does nothing.
  const fizzled = item.targets.length > 0 && item.targets.every((_, i) => liveTarget(s, frame, i) === null);
  emit(ctx, { t: 'stack-resolve', item: item.id, fizzled });
  if (fizzled) {
    finishFrame(ctx, frame);
    return;
  }
  const a = frameAbility(s, frame);
  if (a.kind === 'triggered' && a.optional) {
    s.pending = {
      kind: 'choice',
      manager: item.controller,
      prompt: `Use ${defById(s, item.sourceDef).name}'s ability?`,
      say: { key: 'use-ability', card: item.sourceDef },
      options: [
        { label: 'Yes', say: { key: 'yes' } },
        { label: 'No', say: { key: 'no' } },
      ],
      resume: { kind: 'may', frame },
    };
    return;
  }
  runFrame(ctx, frame);
}
