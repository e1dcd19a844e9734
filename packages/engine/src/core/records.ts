/**
 * The one literal each state and manager object comes from (fresh in setup, copied in cloneState), so
 * fresh and cloned states share hidden classes and the engine's property reads stay monomorphic.
 * Shallow: nested objects are shared, callers replace the ones they copy.
 */
import { epochField, tag } from './own-tag.js';
import type { GameState, ManagerState } from './types.js';

/** Owned by the state being written, if any (core/own.ts). */
export function managerRecord(m: ManagerState): ManagerState {
  return tag({
    sanity: m.sanity,
    roster: m.roster,
    hand: m.hand,
    backstage: m.backstage,
    centre: m.centre,
    main: m.main,
    starPool: m.starPool,
    graduation: m.graduation,
    hiatus: m.hiatus,
    availableStars: m.availableStars,
    deckOuts: m.deckOuts,
    mulligan: m.mulligan,
  });
}

/** With its epoch field (core/own-tag.ts), so the first write need not add one. */
export function stateRecord(s: GameState): GameState {
  return epochField({
    v: s.v,
    seed: s.seed,
    rng: s.rng,
    nextId: s.nextId,
    defs: s.defs,
    cards: s.cards,
    managers: s.managers,
    turn: s.turn,
    active: s.active,
    first: s.first,
    coinWinner: s.coinWinner,
    phase: s.phase,
    priority: s.priority,
    passes: s.passes,
    windowOpen: s.windowOpen,
    stack: s.stack,
    stackCards: s.stackCards,
    triggerQueue: s.triggerQueue,
    pending: s.pending,
    combat: s.combat,
    played: s.played,
    starPlaced: s.starPlaced,
    winner: s.winner,
    endReason: s.endReason,
    endCard: s.endCard ?? null,
    seq: s.seq,
  });
}
