/**
 * Self-play games for mining: fixed seeds, starter pairings in rotation, the engine's bots. Game g plays
 * starters[g % 5] against starters[(g + 1 + ⌊g / 5⌋) % 5], normal against normal on even games and normal
 * against easy on odd ones (an easy bot leaves more games open to a finishing blow), seats alternating.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { botForLevel, playMatch, withTurnOrder, type BotLevel, type GameState } from '@vroyale/engine';

export interface SelfPlayGame {
  seed: string;
  bots: string;
  states: GameState[];
  failure: string | null;
}

export function selfPlayGame(seed: string, g: number): SelfPlayGame {
  const n = starterRosters.length;
  const a = starterRosters[g % n]!;
  const b = starterRosters[(g + 1 + Math.floor(g / n)) % n]!;
  const levels: [BotLevel, BotLevel] = g % 2 === 0 ? ['normal', 'normal'] : g % 4 === 1 ? ['normal', 'easy'] : ['easy', 'normal'];
  const states: GameState[] = [];
  const r = playMatch({
    seed: `${seed}-${g}`,
    pool: cardPool,
    rosters: { A: a, B: b },
    bots: { A: withTurnOrder(botForLevel(levels[0]), g % 3 !== 0), B: botForLevel(levels[1]) },
    observe: (s) => states.push(s),
    clock: () => 0,
  });
  return { seed: `${seed}-${g}`, bots: `${levels[0]}/${levels[1]} ${a.id}/${b.id}`, states, failure: r.failure };
}
