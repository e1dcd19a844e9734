/**
 * The engine's one door. Applies a manager's action to a state and returns the new state and the events,
 * or a typed rejection. The input state is never changed; nothing here throws.
 */
import { shareState, withWrites } from '../core/own.js';
import { makeCtx } from '../core/context.js';
import type { GameEvent } from '../core/events.js';
import type { GameState } from '../core/types.js';
import { checkAction, performAction } from './dispatch.js';
import { reject, type Rejection } from '../core/rejections.js';
import { Action } from './schema.js';

export interface Accepted {
  ok: true;
  state: GameState;
  events: GameEvent[];
}
export type StepResult = Accepted | Rejection;

/**
 * A pass, the commonest action by far (two of every three a server sees), recognised without zod: a plain
 * object whose own keys are exactly `type: 'pass'` and a manager. Anything else, or any doubt, goes to the
 * schema, which stays the authority (step.test.ts checks the two agree).
 */
export function quickPass(input: unknown): Action | null {
  if (typeof input !== 'object' || input === null || Object.getPrototypeOf(input) !== Object.prototype) return null;
  const o = input as { type?: unknown; manager?: unknown };
  const m = o.manager;
  if (o.type !== 'pass' || (m !== 'A' && m !== 'B')) return null;
  const keys = Object.keys(o);
  const named = (keys[0] === 'type' && keys[1] === 'manager') || (keys[0] === 'manager' && keys[1] === 'type');
  if (keys.length !== 2 || !named || Object.getOwnPropertySymbols(o).length) return null;
  return { type: 'pass', manager: m };
}

export function parseAction(input: unknown): { ok: true; action: Action } | Rejection {
  const quick = quickPass(input);
  if (quick) return { ok: true, action: quick };
  const p = Action.safeParse(input);
  if (p.success) return { ok: true, action: p.data };
  const issue = p.error.issues[0];
  return reject('malformed', `Malformed action: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
}

export function step(state: GameState, input: unknown): StepResult {
  let parsed: ReturnType<typeof parseAction>;
  try {
    parsed = parseAction(input);
  } catch (e) {
    // A hostile object (a throwing getter or proxy) is malformed input, not an engine failure.
    return reject('malformed', `Malformed action: ${(e as Error).message}`);
  }
  if (!parsed.ok) return parsed;
  return stepParsed(state, parsed.action);
}

/** For callers that already hold a parsed Action (bots, playouts). */
export function stepParsed(state: GameState, action: Action): StepResult {
  try {
    if (state.phase === 'game-over') return reject('game-over', 'The match is over');
    const r = checkAction(state, action);
    if (r) return r;
    // Copy-on-write: the new state shares what the action leaves alone with `state` (core/own.ts).
    const s = shareState(state);
    const ctx = makeCtx(s);
    withWrites(s, () => performAction(ctx, action));
    s.seq += 1;
    return { ok: true, state: s, events: ctx.events };
  } catch (e) {
    return reject('internal-error', `Engine error: ${(e as Error).message}`);
  }
}

/**
 * The same rules without the new state: checks, then changes `state` itself (still copying, first, whatever
 * it shares with other states: core/own.ts). For playouts that own their state (bots' simulations,
 * benchmarks); servers and clients use `step`.
 */
export function stepInPlace(state: GameState, action: Action): { ok: true; events: GameEvent[] } | Rejection {
  try {
    if (state.phase === 'game-over') return reject('game-over', 'The match is over');
    const r = checkAction(state, action);
    if (r) return r;
    const ctx = makeCtx(state);
    withWrites(state, () => performAction(ctx, action));
    state.seq += 1;
    return { ok: true, events: ctx.events };
  } catch (e) {
    return reject('internal-error', `Engine error: ${(e as Error).message}`);
  }
}
