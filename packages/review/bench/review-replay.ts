/**
 * Reviews one stored replay (the body of `GET /api/matches/:id/replay`, a JSON file) and prints the review in the
 * wire shape the server answers (`GameReview`, packages/protocol/src/reviews.ts): the judgements without their
 * work counts. The web app's e2e uses it, with a tiny budget, to answer the review endpoint from real analysis of a
 * real match before the server's queue exists.
 *
 *   tsx packages/review/bench/review-replay.ts replay.json [--deals 1] [--verify 2] [--candidates 4]
 */
import { readFileSync } from 'node:fs';
import type { Action, ManagerId, Roster } from '@vroyale/engine';
import { reviewMatch } from '../src/review-match.js';
import { wireReview } from '../src/wire-review.js';
import { KNOWLEDGE, POOL } from './bot-games.js';
import { count } from './flags.js';

interface StoredReplay {
  seed: string;
  rosters: Record<ManagerId, Roster>;
  chooser?: ManagerId | null;
  actions: { action: unknown }[];
}

const file = process.argv[2];
if (!file || file.startsWith('--')) throw new Error('usage: review-replay.ts <replay.json> [--deals N] [--verify N] [--candidates N]');
const replay = JSON.parse(readFileSync(file, 'utf8')) as StoredReplay;
const review = reviewMatch(
  { seed: replay.seed, rosters: replay.rosters, chooser: replay.chooser ?? null, actions: replay.actions.map((a) => a.action as Action) },
  {
    pool: POOL,
    knowledge: KNOWLEDGE,
    budget: { deals: count('deals', 4), verify: count('verify', 8), maxCandidates: count('candidates', 10) },
  },
);
const wire = wireReview(review);
process.stdout.write(JSON.stringify(wire) + '\n');
