/** RUL-END-3: a manager may concede at any time; the other manager wins. */
import type { Ctx } from '../core/context.js';
import { other, type ManagerId } from '../core/types.js';
import { endGame } from './check-end.js';

export function doConcede(ctx: Ctx, m: ManagerId): void {
  endGame(ctx, other(m), 'concede');
}
