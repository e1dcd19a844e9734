/**
 * Main setup (RUL-SETUP-1, RUL-SETUP-2, RUL-SETUP-4): each Centre goes to Backstage, the other 29 cards are
 * shuffled by the engine's seeded RNG, both managers draw 5 and the match waits for mulligan decisions.
 */
import type { CardDef } from '../cards/schema.js';
import { uniformDef } from '../cards/def-shape.js';
import { makeCard } from '../core/card-instance.js';
import { managerRecord, stateRecord } from '../core/records.js';
import { makeCtx, type Ctx } from '../core/context.js';
import type { GameEvent } from '../core/events.js';
import { seedRng, shuffleInPlace } from '../core/rng.js';
import type { GameState, ManagerId, ManagerState } from '../core/types.js';
import { lookupFrom, validateRoster, type Roster, type RosterProblem } from '../deck/validate-roster.js';
import { drawCards } from '../zones/draw.js';
import { freshId } from '../zones/move.js';
import { OPENING_HAND } from './mulligan.js';
import { cardsW, managerW, withWrites } from '../core/own.js';

export const STARTING_SANITY = 20;

export interface MatchConfig {
  seed: string;
  pool: Record<string, CardDef> | readonly CardDef[];
  rosters: Record<ManagerId, Roster>;
  /** Skip roster construction checks (scenarios and tests with small rosters). */
  unchecked?: boolean;
  /**
   * A later game of a match of several games: this manager chooses the turn order and no coin is flipped
   * (PR-18: the loser of the previous game). Absent: the coin decides (RUL-SETUP-3).
   */
  chooser?: ManagerId;
}

export type CreateResult =
  { ok: true; state: GameState; events: GameEvent[] } | { ok: false; code: 'invalid-roster'; message: string; problems: Record<ManagerId, RosterProblem[]> };

export function emptyManager(): ManagerState {
  return managerRecord({
    sanity: STARTING_SANITY,
    roster: [],
    hand: [],
    backstage: null,
    centre: [],
    main: [],
    starPool: [],
    graduation: [],
    hiatus: [],
    availableStars: 0,
    deckOuts: 0,
    mulligan: 'pending',
  });
}

/** The definitions a match needs: its cards and every token they can commission. */
export function collectDefs(ids: Iterable<string>, get: (id: string) => CardDef | undefined): Record<string, CardDef> {
  const defs: Record<string, CardDef> = {};
  const todo = [...ids];
  while (todo.length) {
    const id = todo.pop()!;
    if (defs[id]) continue;
    const d = get(id);
    if (!d) continue;
    defs[id] = d;
    for (const a of d.abilities) if ('effects' in a) for (const e of a.effects) if (e.kind === 'commission') todo.push(e.token);
  }
  return defs;
}

export function blankState(seed: string, defs: Record<string, CardDef>): GameState {
  return stateRecord({
    v: 1,
    seed,
    rng: seedRng(seed),
    nextId: 1,
    defs,
    cards: {},
    managers: { A: emptyManager(), B: emptyManager() },
    turn: 0,
    active: 'A',
    first: null,
    coinWinner: null,
    phase: 'mulligan',
    priority: null,
    passes: 0,
    windowOpen: false,
    stack: [],
    stackCards: [],
    triggerQueue: [],
    pending: null,
    combat: null,
    played: 0,
    starPlaced: false,
    winner: null,
    endReason: null,
    endCard: null,
    seq: 0,
  });
}

export function createGame(cfg: MatchConfig): CreateResult {
  const get = lookupFrom(cfg.pool);
  // Validation only reads the definitions, so it reads them in the one layout (cards/def-shape.ts).
  const read = (id: string) => {
    const d = get(id);
    return d && uniformDef(d);
  };
  const problems = { A: validateRoster(cfg.rosters.A, read), B: validateRoster(cfg.rosters.B, read) };
  const hard = (ps: RosterProblem[]) => (cfg.unchecked ? ps.filter((p) => p.rule === 'unknown-card' || p.rule === 'RUL-SETUP-1') : ps);
  if (hard(problems.A).length || hard(problems.B).length) {
    const all = [...hard(problems.A).map((p) => `A: ${p.message}`), ...hard(problems.B).map((p) => `B: ${p.message}`)];
    return { ok: false, code: 'invalid-roster', message: all.join('; '), problems };
  }
  const s = blankState(cfg.seed, collectDefs([...cfg.rosters.A.cards, ...cfg.rosters.B.cards], get));
  if (cfg.chooser) s.coinWinner = cfg.chooser;
  const ctx = makeCtx(s);
  withWrites(s, () => deal(ctx, cfg));
  return { ok: true, state: s, events: ctx.events };
}

/** Centre to Backstage, shuffle, draw the opening hands: a write like a step's (core/own.ts). */
function deal(ctx: Ctx, cfg: MatchConfig): void {
  const s = ctx.s;
  const cards = cardsW(s);
  for (const m of ['A', 'B'] as const) {
    const ms = managerW(s, m);
    let centrePlaced = false;
    for (const def of cfg.rosters[m].cards) {
      const id = freshId(s);
      const isCentre: boolean = !centrePlaced && def === cfg.rosters[m].centre;
      centrePlaced ||= isCentre;
      cards[id] = makeCard(id, def, m, isCentre ? 'backstage' : 'roster');
      if (isCentre) ms.backstage = id;
      else ms.roster.push(id);
    }
    shuffleInPlace(s, ms.roster);
  }
  for (const m of ['A', 'B'] as const) drawCards(ctx, m, OPENING_HAND);
}
