/**
 * Self-play games for mining: fixed seeds, starter pairings in rotation, the engine's bots. Game g plays
 * starters[g % 5] against starters[(g + 1 + ⌊g / 5⌋) % 5], normal against normal on even games and normal
 * against easy on odd ones (an easy bot leaves more games open to a finishing blow), seats alternating.
 * Each game also comes as a replay in the server's replay JSON shape (`replay`), to test mining from matches.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { botForLevel, playMatch, withTurnOrder, type Action, type Bot, type BotLevel, type GameState, type ManagerId } from '@vroyale/engine';
import type { MatchReplay } from '../src/replay.js';

export interface SelfPlayGame {
  seed: string;
  bots: string;
  states: GameState[];
  failure: string | null;
  /** The game as the replay endpoint would give it (matchId `self-play-<seed>`). */
  replay: MatchReplay;
}

export function selfPlayGame(seed: string, g: number): SelfPlayGame {
  const n = starterRosters.length;
  const a = starterRosters[g % n]!;
  const b = starterRosters[(g + 1 + Math.floor(g / n)) % n]!;
  const levels: [BotLevel, BotLevel] = g % 2 === 0 ? ['normal', 'normal'] : g % 4 === 1 ? ['normal', 'easy'] : ['easy', 'normal'];
  const states: GameState[] = [];
  const actions: { seq: number; actor: ManagerId; action: Action }[] = [];
  // Which bot chose the action the observed state follows: recording wraps the bots, it changes no choice.
  let last: { actor: ManagerId; action: Action } | null = null;
  const recorded =
    (actor: ManagerId, bot: Bot): Bot =>
    (input) => {
      const action = bot(input);
      last = { actor, action };
      return action;
    };
  const r = playMatch({
    seed: `${seed}-${g}`,
    pool: cardPool,
    rosters: { A: a, B: b },
    bots: { A: recorded('A', withTurnOrder(botForLevel(levels[0]), g % 3 !== 0)), B: recorded('B', botForLevel(levels[1])) },
    observe: (s) => {
      states.push(s);
      if (last) actions.push({ seq: s.seq, ...last });
    },
    clock: () => 0,
  });
  const replay: MatchReplay = { matchId: `self-play-${seed}-${g}`, seed: `${seed}-${g}`, rosters: { A: a, B: b }, chooser: null, actions };
  return { seed: `${seed}-${g}`, bots: `${levels[0]}/${levels[1]} ${a.id}/${b.id}`, states, failure: r.failure, replay };
}
