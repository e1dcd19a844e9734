/** Answering a pending choice: a "may", a card picked from a search, or targets for a trigger. */
import { emit, type Ctx } from '../core/context.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { reject, type Rejection } from '../core/rejections.js';
import { finishFrame, runFrame } from '../stack/resolve.js';
import { pushItem } from '../stack/triggers.js';
import { finishPick } from './apply.js';

export function checkChoose(s: GameState, m: ManagerId, option: number): Rejection | null {
  const p = s.pending;
  if (!p || p.kind !== 'choice') return reject('wrong-phase', 'There is no choice to make now');
  if (p.manager !== m) return reject('wrong-manager', `Manager ${p.manager} is making this choice`);
  if (option < 0 || option >= p.options.length) return reject('invalid-option', `Option ${option} does not exist (0-${p.options.length - 1})`);
  return null;
}

export function doChoose(ctx: Ctx, m: ManagerId, option: number): void {
  const s = ctx.s;
  const p = s.pending;
  if (!p || p.kind !== 'choice') return;
  s.pending = null;
  emit(ctx, { t: 'choice', manager: m, option });
  const r = p.resume;
  if (r.kind === 'may') {
    if (option === 0) runFrame(ctx, r.frame);
    else finishFrame(ctx, r.frame);
  } else if (r.kind === 'pick') {
    const picked = p.options[option]!.take ?? null;
    finishPick(ctx, r.from, r.looked, picked, m);
    runFrame(ctx, r.frame);
  } else {
    const t = r.trigger;
    pushItem(ctx, {
      controller: t.controller,
      source: t.source,
      sourceDef: t.sourceDef,
      kind: 'trigger',
      ability: t.ability,
      targets: p.options[option]!.targets ?? [],
    });
    s.passes = 0;
    // As for any new stack item (RUL-STACK-1): the other manager gets priority; with nobody holding
    // priority (an automatic step) the active manager does.
    s.priority = s.priority === null ? s.active : other(m);
  }
}
