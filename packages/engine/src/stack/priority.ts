/**
 * Passing priority (RUL-STACK-1): when both managers pass in succession the top item resolves and the
 * active manager gets priority again; with an empty stack the phase's current part ends. Every phase's
 * window ends that way, the Resource Step's too (RUL-STACK-5), and so do the combat windows (RUL-STACK-4).
 */
import { emit, type Ctx } from '../core/context.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { needPriority } from '../core/guards.js';
import type { Rejection } from '../core/rejections.js';
import { inWindow } from '../turn/windows.js';
import { resolveTop } from './resolve.js';

export function checkPass(s: GameState, m: ManagerId): Rejection | null {
  return needPriority(s, m);
}

export function doPass(ctx: Ctx, m: ManagerId): void {
  const s = ctx.s;
  emit(ctx, { t: 'pass', manager: m });
  s.passes += 1;
  if (s.passes < 2) {
    s.priority = other(m);
    return;
  }
  s.passes = 0;
  if (s.stack.length) {
    resolveTop(ctx);
    // RUL-STACK-5: inside a phase's window the active manager gets priority again once the stack is empty;
    // before the window (start-of-turn or graduation triggers) the phase's automatic part goes on.
    if (s.phase !== 'game-over') s.priority = s.stack.length || inWindow(s) ? s.active : null;
  } else s.priority = null;
}
