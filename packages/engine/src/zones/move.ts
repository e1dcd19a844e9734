/**
 * Moving cards between zones. Every move issues a fresh public id so that no viewer can follow a card
 * through a hidden zone (RUL-ZONE-6). Leaving the stage clears damage, counters (RUL-ZONE-3), lasting
 * modifiers and attachments (RUL-ZONE-4); a token that leaves the stage leaves the game (RUL-ZONE-1). The
 * counters a card produced on other cards vanish when it leaves the stage too (RUL-ZONE-3,
 * zones/counters.ts). No rule moves a card from one stage zone to another; such a move would leave its
 * produced counters naming an id it no longer has.
 */
import { emit, type Ctx } from '../core/context.js';
import { onStage } from '../core/query.js';
import { managerOf, type CardInstance, type CardLocation, type GameState } from '../core/types.js';
import { producerLeft } from './counters.js';
import { cardW, cardsW, managerW } from '../core/own.js';

/**
 * Ids are keys of `s.cards`, and a string new to the engine must be looked up in V8's string table before it
 * can serve as a key (about 2% of a random playout's time went there). So the first ids of each prefix are
 * made once per process, already internalised, and every game reuses them: the same strings as before.
 */
const INTERNED = 1 << 12;
const cardIds: string[] = [];
const stackIds: string[] = [];

export function freshId(s: GameState, prefix = 'c'): string {
  const n = s.nextId++;
  const table = prefix === 'c' ? cardIds : prefix === 's' ? stackIds : null;
  if (!table || n >= INTERNED) return prefix + n.toString(36);
  // A string used as a property key is internalised; Object.keys hands back that internalised copy.
  return (table[n] ??= Object.keys({ [prefix + n.toString(36)]: 0 })[0]!);
}

/** The zone list a card is in or goes to, writable (core/own.ts). */
function listFor(s: GameState, c: CardInstance, loc: CardLocation): string[] | null {
  if (loc === 'stack') return s.stackCards;
  if (loc === 'backstage' || loc === 'token-gone') return null;
  const m = managerW(s, c.owner);
  switch (loc) {
    case 'roster':
      return m.roster;
    case 'hand':
      return m.hand;
    case 'centre':
      return m.centre;
    case 'main':
      return m.main;
    case 'star-pool':
      return m.starPool;
    case 'graduation':
      return m.graduation;
    case 'hiatus':
      return m.hiatus;
    default:
      return null;
  }
}

function removeFromList(list: string[], id: string): void {
  const i = list.lastIndexOf(id);
  if (i >= 0) list.splice(i, 1);
}

/** Detach and clean a card that leaves the stage. Attached assets are graduated by the caller's hook. */
function leaveStage(s: GameState, c: CardInstance): void {
  c.damage = 0;
  c.counters = [];
  c.mods = [];
  c.tilted = false;
  c.banned = false;
  c.used = [];
  c.attachedTo = null;
  const cb = s.combat;
  if (cb) {
    cb.attackers = cb.attackers.filter((a) => a !== c.id);
    cb.blocks = cb.blocks.filter((b) => b.blocker !== c.id && b.attacker !== c.id);
  }
}

export interface MoveOptions {
  bottom?: boolean;
}

/** Moves a card; returns its new id ('' when a token left the game). */
export function moveCard(ctx: Ctx, id: string, to: CardLocation, opts: MoveOptions = {}): string {
  const s = ctx.s;
  const c = cardW(s, id);
  const from = c.zone;
  if (from === 'backstage') managerW(s, c.owner).backstage = null;
  else {
    const list = listFor(s, c, from);
    if (list) removeFromList(list, id);
  }
  const toStage = to === 'main' || to === 'centre';
  const left = onStage(c) && !toStage;
  if (left) leaveStage(s, c);
  const cards = cardsW(s);
  delete cards[id];
  if (c.token && !toStage) {
    emit(ctx, { t: 'move', owner: c.owner, from, to: 'token-gone', card: id, def: c.def, newId: '', token: true });
    if (left) producerLeft(ctx, id);
    return '';
  }
  const nid = freshId(s);
  c.id = nid;
  c.zone = to;
  cards[nid] = c;
  if (toStage && !(from === 'main' || from === 'centre')) {
    c.enteredTurn = s.turn;
    c.tilted = false;
  }
  if (to === 'star-pool' || to === 'hand' || to === 'roster') c.tilted = false;
  const list = listFor(s, c, to);
  if (list) {
    if (opts.bottom) list.unshift(nid);
    else list.push(nid);
  } else if (to === 'backstage') managerW(s, c.owner).backstage = nid;
  emit(ctx, { t: 'move', owner: c.owner, from, to, card: id, def: c.def, newId: nid, ...(c.token ? { token: true } : {}) });
  if (left) producerLeft(ctx, id);
  return nid;
}

/** Ids of assets equipped to a character. */
export function attachmentsOf(s: GameState, id: string): string[] {
  const m = s.cards[id];
  if (!m) return [];
  return managerOf(s, m.owner).main.filter((a) => s.cards[a]!.attachedTo === id);
}
