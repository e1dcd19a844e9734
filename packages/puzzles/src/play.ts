/**
 * A bot plays a puzzle's side: the mover's decisions are the bot's (its own projection and legal actions, as
 * in a match), the opponent's are the solver's best defence (a refutation when one exists within its budget).
 * Solved = the goal was reached.
 */
import { deciders, legalActions, permits, project, step, type Bot, type GameState, type ManagerId } from '@vroyale/engine';
import type { Goal } from './format.js';
import { goalFrame, goalStatus } from './goal.js';
import { bestDefence } from './solver.js';

export interface PlayOutcome {
  solved: boolean;
  /** Actions the bot took. */
  moves: number;
  /** Why it stopped without reaching or failing the goal (illegal bot action, action cap), else null. */
  failure: string | null;
}

export function playPuzzle(
  start: GameState,
  goal: Goal,
  mover: ManagerId,
  bot: Bot,
  o: { seed: string; defenceBudget?: number; maxActions?: number },
): PlayOutcome {
  const frame = goalFrame(goal, mover, start);
  let s = start;
  let moves = 0;
  for (let n = 0; n < (o.maxActions ?? 200); n++) {
    const g = goalStatus(frame, s);
    if (g !== 'open') return { solved: g === 'met', moves, failure: null };
    const who = deciders(s)[0];
    if (!who) return { solved: false, moves, failure: `nobody to act in ${s.phase}` };
    let a;
    if (who === mover) {
      const legal = legalActions(s, who);
      a = bot({ view: project(s, who), legal, seed: `${o.seed}:${n}` });
      if (!permits(legal, a)) return { solved: false, moves, failure: `the bot chose an unlisted action ${JSON.stringify(a)}` };
      moves++;
    } else a = bestDefence(s, frame, o.defenceBudget ?? 5000);
    const r = step(s, a);
    if (!r.ok) return { solved: false, moves, failure: `${r.code}: ${r.message}` };
    s = r.state;
  }
  return { solved: false, moves, failure: 'action cap' };
}
