/** The demo rosters: the first two starter rosters (cards/starters/), in the shape older code expects. */
import type { Roster } from '@vroyale/engine';
import { starterRosters } from './starters.js';

export interface DemoRoster extends Roster {
  id: string;
  name: string;
}

/** Raid Night (aggro) and Mod Squad (control). Legality is checked by the tests. */
export const demoRosters: readonly DemoRoster[] = starterRosters.slice(0, 2).map(({ id, name, centre, cards }) => ({ id, name, centre, cards: [...cards] }));
