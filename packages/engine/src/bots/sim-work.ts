/**
 * strongBot's work, counted in simulated engine steps (a deterministic stand-in for time). Module-level, per
 * thread: strongBot calls never nest within one thread (the nested search calls strongBot, then searches).
 */
import type { Action } from '../actions/schema.js';
import { stepInPlace } from '../actions/step.js';
import type { GameState } from '../core/types.js';

/**
 * Work per decision: once spent, no further candidates are simulated. Keeps the rare huge positions (token
 * swarms, many targets) fast.
 */
export const WORK_BUDGET = 1500;
let work = 0;
let limit = WORK_BUDGET;
/** Simulated steps over every decision on this thread, never reset: a deterministic measure of work for callers. */
let workTotal = 0;
export const strongBotWork = (): number => workTotal;

/** A new decision starts with the whole budget (`budget` steps: a caller's own, or the bots' default). */
export function resetWork(budget = WORK_BUDGET): void {
  work = 0;
  limit = budget;
}

/** Work that is not a simulated step (looking at block assignments), in fractions of one. */
export function addWork(n: number): void {
  work += n;
}

export function overBudget(): boolean {
  return work > limit;
}

export function simStep(sim: GameState, a: Action): ReturnType<typeof stepInPlace> {
  work++;
  workTotal++;
  return stepInPlace(sim, a);
}
