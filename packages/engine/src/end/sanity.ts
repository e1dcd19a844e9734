import { emit, type Ctx } from '../core/context.js';
import { managerOf, type CardRef, type ManagerId } from '../core/types.js';
import { managerW } from '../core/own.js';

export type LossReason = 'combat' | 'effect' | 'deck-out' | 'raid';

export function loseSanity(ctx: Ctx, m: ManagerId, n: number, reason: LossReason, source?: CardRef): void {
  if (n <= 0) return;
  const ms = managerW(ctx.s, m);
  ms.sanity -= n;
  ctx.lastLoss[m] = reason;
  if (source) ctx.lastSource[m] = source;
  else delete ctx.lastSource[m];
  emit(ctx, source ? { t: 'sanity', manager: m, delta: -n, now: ms.sanity, reason, source } : { t: 'sanity', manager: m, delta: -n, now: ms.sanity, reason });
}

export function gainSanity(ctx: Ctx, m: ManagerId, n: number): void {
  const ms = managerW(ctx.s, m);
  ms.sanity += n; // RUL-SETUP-4: no upper limit
  emit(ctx, { t: 'sanity', manager: m, delta: n, now: ms.sanity, reason: 'effect' });
}
