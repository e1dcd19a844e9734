/** The demo rosters shipped with the card set (cards/rosters/*.json). Legality is checked by the tests. */
import type { Roster } from '@vroyale/engine';
import raidNight from './rosters/raid-night.json' with { type: 'json' };
import modSquad from './rosters/mod-squad.json' with { type: 'json' };

export interface DemoRoster extends Roster {
  id: string;
  name: string;
}

// JSON types are only as good as the file, so check the shape once here rather than trust the cast.
function demo(id: string, json: unknown): DemoRoster {
  const r = json as Partial<DemoRoster>;
  if (typeof r.name !== 'string' || typeof r.centre !== 'string' || !Array.isArray(r.cards) || !r.cards.every((c) => typeof c === 'string'))
    throw new Error(`rosters/${id}.json: expected { name, centre, cards: string[] }`);
  return { id, name: r.name, centre: r.centre, cards: [...r.cards] };
}

export const demoRosters: readonly DemoRoster[] = [demo('raid-night', raidNight), demo('mod-squad', modSquad)];
