/**
 * Triggered abilities wait in a queue, then go on the stack (RUL-STACK-1) once the action that caused them
 * is done. Non-active manager's triggers go on last, so they resolve first: RUL-TURN-9 resolves the
 * defending manager's graduation effects first, and we apply the same order to every simultaneous batch.
 */
import type { Ability, Trigger } from '../cards/schema.js';
import { emit, type Ctx } from '../core/context.js';
import { meta } from '../cards/def-meta.js';
import { defById, defOf, forEachOnStage } from '../core/query.js';
import type { GameState, ManagerId, QueuedTrigger, StackItem } from '../core/types.js';
import { evalCondition } from '../effects/conditions.js';
import { targetCombos } from '../effects/targets.js';
import { freshId } from '../zones/move.js';

export function queueTrigger(s: GameState, t: QueuedTrigger): void {
  s.triggerQueue.push(t);
}

type TriggeredAbility = Extract<Ability, { kind: 'triggered' }>;

function whoseOk(whose: 'yours' | 'opponents' | 'each', controller: ManagerId, about: ManagerId): boolean {
  return whose === 'each' || (whose === 'yours') === (controller === about);
}

/** Queues the triggers of one card that match. */
export function queueCardTriggers(s: GameState, id: string, match: (t: Trigger) => boolean): void {
  const c = s.cards[id];
  if (!c) return;
  defOf(s, c).abilities.forEach((a, i) => {
    if (a.kind === 'triggered' && match(a.trigger)) queueTrigger(s, { controller: c.owner, source: id, sourceDef: c.def, ability: i });
  });
}

/** Queues turn-based and "whenever a manager..." triggers of every card on stage. */
export function queueStageTriggers(s: GameState, on: 'start-of-turn' | 'end-of-turn' | 'highlight-played', about: ManagerId): void {
  forEachOnStage(s, (id) => {
    const c = s.cards[id]!;
    if (!meta(defOf(s, c)).triggerOn.includes(on)) return;
    queueCardTriggers(s, id, (t) => t.on === on && whoseOk(t.whose, c.owner, about));
  });
}

export function pushItem(ctx: Ctx, item: Omit<StackItem, 'id'>): StackItem {
  const full: StackItem = { id: freshId(ctx.s, 's'), ...item };
  ctx.s.stack.push(full);
  emit(ctx, { t: 'stack-push', item: full });
  return full;
}

function abilityOf(s: GameState, t: QueuedTrigger): TriggeredAbility {
  return defById(s, t.sourceDef).abilities[t.ability] as TriggeredAbility;
}

/**
 * Moves queued triggers onto the stack. Returns true when any item was pushed. Stops early when a
 * trigger with several legal target choices needs its controller to choose (a pending choice).
 */
export function flushTriggers(ctx: Ctx): boolean {
  const s = ctx.s;
  let pushed = false;
  if (s.triggerQueue.length > 1) {
    const act = s.active;
    s.triggerQueue.sort((x, y) => (x.controller === act ? 0 : 1) - (y.controller === act ? 0 : 1));
  }
  while (s.triggerQueue.length && !s.pending) {
    const t = s.triggerQueue.shift()!;
    const a = abilityOf(s, t);
    if (a.condition && !evalCondition(s, a.condition, t.controller, t.source)) continue;
    const combos = targetCombos(s, a.targets, t.controller, t.source);
    if (combos.length === 0) continue; // no legal target: the trigger does nothing
    if (combos.length === 1) {
      pushItem(ctx, { controller: t.controller, source: t.source, sourceDef: t.sourceDef, kind: 'trigger', ability: t.ability, targets: combos[0]! });
      pushed = true;
      continue;
    }
    s.pending = {
      kind: 'choice',
      manager: t.controller,
      prompt: `Choose targets for ${defById(s, t.sourceDef).name}`,
      say: { key: 'choose-targets', card: t.sourceDef },
      options: combos.map((c) => ({ label: c.join(', '), targets: c })),
      resume: { kind: 'trigger-targets', trigger: t },
    };
  }
  return pushed;
}
