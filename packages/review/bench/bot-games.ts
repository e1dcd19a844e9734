/**
 * Recorded bot matches for the review's fit and bench, from fixed seeds: game g plays two starters (every ordered
 * pairing in turn), the first player alternating, A's and B's levels from `levels` (e.g. normal v hard). Each
 * bot's answers are logged as they are applied, so a game comes back as the server stores one: seed, rosters and
 * the action log (replay.ts replays it).
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  botForLevel,
  playMatch,
  withTurnOrder,
  type Action,
  type Bot,
  type BotKnowledge,
  type BotLevel,
  type CardDef,
  type ManagerId,
  type Roster,
} from '@vroyale/engine';
import type { RecordedMatch } from '../src/replay.js';

export const POOL = cardPool as Record<string, CardDef>;
export const STARTERS = starterRosters as unknown as Roster[];
export const KNOWLEDGE: BotKnowledge = { decks: STARTERS, defs: POOL };

export interface BotGame {
  match: RecordedMatch;
  winner: ManagerId | 'draw' | null;
  turns: number;
  levels: Record<ManagerId, BotLevel>;
}

export function botGame(seed: string, g: number, levels: readonly [BotLevel, BotLevel]): BotGame {
  const n = STARTERS.length;
  const pairing = g % (n * n);
  const rosters = { A: STARTERS[pairing % n]!, B: STARTERS[Math.floor(pairing / n)]! };
  // Seats swap every other game so that each level plays both seats; A goes first in half of each seat's games.
  const lv: Record<ManagerId, BotLevel> = g % 2 === 0 ? { A: levels[0], B: levels[1] } : { A: levels[1], B: levels[0] };
  const aFirst = Math.floor(g / 2) % 2 === 0;
  const actions: Action[] = [];
  const logged =
    (bot: Bot): Bot =>
    (input) => {
      const a = bot(input);
      actions.push(a);
      return a;
    };
  const bot = (m: ManagerId, first: boolean): Bot => logged(withTurnOrder(botForLevel(lv[m], { goFirst: first, knowledge: KNOWLEDGE }), first));
  const matchSeed = `${seed}-${g}`;
  const r = playMatch({ seed: matchSeed, pool: POOL, rosters, bots: { A: bot('A', aFirst), B: bot('B', !aFirst) } });
  if (r.failure) throw new Error(`bot game ${matchSeed}: ${r.failure}`);
  return { match: { seed: matchSeed, rosters, actions }, winner: r.winner, turns: r.turns, levels: lv };
}
