/**
 * RUL-SETUP-2: each manager may mulligan once, shuffling the hand into the roster and drawing 5. Choices are
 * simultaneous: neither manager sees the other's until both have decided.
 * RUL-SETUP-3: then the server flips a fair coin; the winner chooses to go first or second. PR-18: in a later
 * game of a match the chooser is known from the start (`coinWinner` set by createGame) and no coin is flipped.
 */
import { emit, setPhase, type Ctx } from '../core/context.js';
import { randInt, shuffleInPlace } from '../core/rng.js';
import { managerOf, other, type GameState, type ManagerId } from '../core/types.js';
import { reject, type Rejection } from '../core/rejections.js';
import { drawCards } from '../zones/draw.js';
import { moveCard } from '../zones/move.js';
import { beginTurn } from '../turn/begin-turn.js';
import { managerW } from '../core/own.js';

export const OPENING_HAND = 5;

export function checkMulligan(s: GameState, m: ManagerId): Rejection | null {
  if (s.phase !== 'mulligan') return reject('wrong-phase', 'Mulligans are only made at the start of the match');
  if (managerOf(s, m).mulligan !== 'pending') return reject('out-of-turn', `Manager ${m} has already decided on a mulligan`);
  return null;
}

export function doMulligan(ctx: Ctx, m: ManagerId, redraw: boolean): void {
  const s = ctx.s;
  if (redraw) {
    const from = ctx.events.length;
    for (const id of managerOf(s, m).hand.slice()) moveCard(ctx, id, 'roster');
    shuffleInPlace(s, managerW(s, m).roster);
    emit(ctx, { t: 'shuffle', manager: m });
    drawCards(ctx, m, OPENING_HAND);
    // The opponent must not learn of the redraw until both have decided; the state reveals it then.
    for (let i = from; i < ctx.events.length; i++) {
      const e = ctx.events[i]!;
      if (e.t === 'move' || e.t === 'shuffle') e.secret = m;
    }
  }
  managerW(s, m).mulligan = redraw ? 'redrawn' : 'kept';
  emit(ctx, { t: 'mulligan-decided', manager: m, redraw });
  if (managerOf(s, other(m)).mulligan !== 'pending') {
    const chosen = s.coinWinner;
    const winner: ManagerId = chosen ?? (randInt(s, 2) === 0 ? 'A' : 'B');
    s.coinWinner = winner;
    emit(ctx, chosen ? { t: 'coin', winner, previousGame: true } : { t: 'coin', winner });
    setPhase(ctx, 'turn-order');
    s.pending = { kind: 'choose-order', manager: winner };
  }
}

export function checkChooseOrder(s: GameState, m: ManagerId): Rejection | null {
  const p = s.pending;
  if (s.phase !== 'turn-order' || !p || p.kind !== 'choose-order') return reject('wrong-phase', 'Turn order is not being chosen now');
  if (p.manager !== m) return reject('wrong-manager', `Manager ${p.manager} won the coin flip and chooses the order`);
  return null;
}

export function doChooseOrder(ctx: Ctx, m: ManagerId, goFirst: boolean): void {
  const s = ctx.s;
  s.pending = null;
  s.first = goFirst ? m : other(m);
  emit(ctx, { t: 'order', first: s.first });
  s.turn = 1;
  s.active = s.first;
  beginTurn(ctx);
}
