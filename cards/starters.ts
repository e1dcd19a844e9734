/**
 * The preconstructed starter rosters (cards/starters/*.json), in a stable order. Each is a legal 30-card
 * roster with a named Centre and a one-sentence strategy; the tests check legality and playability.
 */
import type { Roster } from '@vroyale/engine';
import raidNight from './starters/raid-night.json' with { type: 'json' };
import modSquad from './starters/mod-squad.json' with { type: 'json' };
import fanClubFrenzy from './starters/fan-club-frenzy.json' with { type: 'json' };
import anniversaryCountdown from './starters/anniversary-countdown.json' with { type: 'json' };
import headlineScandal from './starters/headline-scandal.json' with { type: 'json' };

export interface StarterRoster extends Roster {
  /** Kebab-case, the file's name. */
  id: string;
  name: string;
  /** One sentence: how the roster wants to win. */
  strategy: string;
  /** The same in Japanese (card names stay as designed). */
  strategyJa: string;
}

// JSON types are only as good as the file, so check the shape once here rather than trust the cast.
function starter(file: string, json: unknown): StarterRoster {
  const r = json as Partial<StarterRoster>;
  const ok =
    typeof r.id === 'string' &&
    typeof r.name === 'string' &&
    typeof r.strategy === 'string' &&
    typeof r.strategyJa === 'string' &&
    typeof r.centre === 'string' &&
    Array.isArray(r.cards) &&
    r.cards.every((c) => typeof c === 'string');
  if (!ok) throw new Error(`starters/${file}.json: expected { id, name, strategy, strategyJa, centre, cards: string[] }`);
  if (r.id !== file) throw new Error(`starters/${file}.json: id '${r.id}' must match the file name`);
  return { id: r.id!, name: r.name!, strategy: r.strategy!, strategyJa: r.strategyJa!, centre: r.centre!, cards: [...r.cards!] };
}

/** Aggro, control, token swarm, combo, midrange: the first two are also the demo rosters. */
export const starterRosters: readonly StarterRoster[] = [
  starter('raid-night', raidNight),
  starter('mod-squad', modSquad),
  starter('fan-club-frenzy', fanClubFrenzy),
  starter('anniversary-countdown', anniversaryCountdown),
  starter('headline-scandal', headlineScandal),
];
