/**
 * A uniformly random legal action, never 'concede' or a manual 'tilt-star' (payment is automatic) unless
 * nothing else is legal. Seeded with the engine's `makeRng`, so the same input plays the same move.
 */
import { makeRng, type Action } from '@vroyale/engine';
import type { BotInput } from './server-bot.js';

export function localRandomBot({ legal, seed }: BotInput): Action {
  if (legal.length === 0) throw new Error('localRandomBot: no legal action');
  const useful = legal.filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
  const pool = useful.length > 0 ? useful : legal;
  return pool[Math.floor(makeRng(seed)() * pool.length)]!;
}
