/**
 * Every migration, in order. A new schema change is a new file here (`0005-...ts`) appended to this list;
 * a file that has run anywhere is never edited (the name is what records it as done).
 */
import type { Migration } from './migration.js';
import { migration as initial } from './0001-initial.js';
import { migration as stopSettings } from './0002-stop-settings.js';
import { migration as sessionExpiry } from './0003-session-expiry.js';
import { migration as accounts } from './0004-accounts.js';
import { migration as matchOwners } from './0005-match-owners.js';
import { migration as nodeLeases } from './0006-node-leases.js';
import { migration as series } from './0007-series.js';
import { migration as tournaments } from './0008-tournaments.js';
import { migration as roomSeries } from './0009-room-series.js';
import { migration as bo3Ratings } from './0010-bo3-ratings.js';
import { migration as puzzles } from './0011-puzzles.js';
import { migration as reviews } from './0012-reviews.js';

export const MIGRATIONS: readonly Migration[] = [
  initial,
  stopSettings,
  sessionExpiry,
  accounts,
  matchOwners,
  nodeLeases,
  series,
  tournaments,
  roomSeries,
  bo3Ratings,
  puzzles,
  reviews,
];
