import { emit, type Ctx } from '../core/context.js';
import { managerOf, type ManagerId } from '../core/types.js';

export type LossReason = 'combat' | 'effect' | 'deck-out' | 'raid';

export function loseSanity(ctx: Ctx, m: ManagerId, n: number, reason: LossReason): void {
  if (n <= 0) return;
  const ms = managerOf(ctx.s, m);
  ms.sanity -= n;
  ctx.lastLoss[m] = reason;
  emit(ctx, { t: 'sanity', manager: m, delta: -n, now: ms.sanity, reason });
}

export function gainSanity(ctx: Ctx, m: ManagerId, n: number): void {
  const ms = managerOf(ctx.s, m);
  ms.sanity += n; // RUL-SETUP-4: no upper limit
  emit(ctx, { t: 'sanity', manager: m, delta: n, now: ms.sanity, reason: 'effect' });
}
