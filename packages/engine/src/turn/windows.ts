/** The priority windows of each phase (RUL-STACK-5): where they are and how one opens. */
import type { GameState, Phase } from '../core/types.js';

/**
 * RUL-STACK-5: where each phase's priority window is. 'entry': the phase is a window from the moment it is
 * entered (the Resource and Main Steps, the combat windows of RUL-STACK-4). 'after': the phase first does
 * its automatic part, in which priority is given only while the stack holds an item, and then opens its
 * window (`s.windowOpen`): the Starting Phase after the draw, the Resolution Phase after graduations and
 * their effects. 'none': declarations, and the End Phase, whose "end of turn" triggers (PR-3) use the stack
 * and nothing else.
 */
const WINDOWS: Readonly<Record<Phase, 'entry' | 'after' | 'none'>> = {
  mulligan: 'none',
  'turn-order': 'none',
  start: 'after',
  resource: 'entry',
  main: 'entry',
  'combat-attack': 'none',
  'combat-attack-window': 'entry',
  'combat-block': 'none',
  'combat-block-window': 'entry',
  resolution: 'after',
  end: 'none',
  'game-over': 'none',
};

/**
 * Whether the phase's own priority window is open: then the active manager gets priority back whenever the
 * stack empties (RUL-STACK-1), and otherwise the phase's automatic part goes on.
 */
export function inWindow(s: GameState): boolean {
  const w = WINDOWS[s.phase];
  return w === 'entry' || (w === 'after' && s.windowOpen);
}

/** RUL-STACK-5: a window opens with the active manager's priority. */
export function openWindow(s: GameState): void {
  s.windowOpen = true;
  s.priority = s.active;
  s.passes = 0;
}
