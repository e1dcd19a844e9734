/**
 * Passing priority (RUL-STACK-1): when both managers pass in succession the top item resolves and the
 * active manager gets priority again; with an empty stack the step ends. In the Resource Step the active
 * manager's pass alone ends it (project ruling PR-4). Combat windows (RUL-STACK-4) end the same way.
 */
import { emit, type Ctx } from '../core/context.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { needPriority } from '../actions/guards.js';
import type { Rejection } from '../actions/rejections.js';
import { settle, triggerOnly } from '../turn/flow.js';
import { resolveTop } from './resolve.js';

export function checkPass(s: GameState, m: ManagerId): Rejection | null {
  return needPriority(s, m);
}

export function doPass(ctx: Ctx, m: ManagerId): void {
  const s = ctx.s;
  emit(ctx, { t: 'pass', manager: m });
  s.passes += 1;
  if (s.stack.length === 0 && s.phase === 'resource') {
    s.passes = 0;
    s.priority = null;
  } else if (s.passes >= 2) {
    s.passes = 0;
    if (s.stack.length) {
      resolveTop(ctx);
      if (s.phase !== 'game-over') s.priority = s.stack.length === 0 && triggerOnly(s.phase) ? null : s.active;
    } else s.priority = null;
  } else {
    // A hand-over changes nothing the settle checks read, and the position was settled after the last action.
    s.priority = other(m);
    return;
  }
  settle(ctx, null);
}
