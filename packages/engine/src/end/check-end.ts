/** Win, loss and draw (RUL-END-1, RUL-END-2, RUL-END-3). */
import { emit, type Ctx } from '../core/context.js';
import { live, stageIndex } from '../core/stage-index.js';
import { other, type CardRef, type EndReason, type ManagerId } from '../core/types.js';
import { evalCondition } from '../effects/conditions.js';

/** Ends the match; `card` is the card that ended it, when one did (the end screen names it). */
export function endGame(ctx: Ctx, winner: ManagerId | 'draw', reason: EndReason, card?: CardRef): void {
  const s = ctx.s;
  if (s.phase === 'game-over') return;
  s.winner = winner;
  s.endReason = reason;
  if (card) s.endCard = { id: card.id, def: card.def };
  s.phase = 'game-over';
  s.priority = null;
  s.pending = null;
  emit(ctx, card ? { t: 'game-over', winner, reason, card: { id: card.id, def: card.def } } : { t: 'game-over', winner, reason });
}

/** Returns true when the match is over. Called after every effect and at every settle. */
export function checkEnd(ctx: Ctx): boolean {
  const s = ctx.s;
  if (s.phase === 'game-over') return true;
  // RUL-END-1: sanity at 0 or less loses; both at once is a draw.
  const aOut = s.managers.A.sanity <= 0;
  const bOut = s.managers.B.sanity <= 0;
  if (aOut && bOut) {
    endGame(ctx, 'draw', 'double-ko');
    return true;
  }
  if (aOut || bOut) {
    const loser: ManagerId = aOut ? 'A' : 'B';
    const deckOut = ctx.lastLoss[loser] === 'deck-out';
    endGame(ctx, other(loser), deckOut ? 'deck-out' : 'sanity', deckOut ? undefined : ctx.lastSource[loser]);
    return true;
  }
  // RUL-END-2: a card's own condition wins or loses as soon as it holds.
  let wins = 0;
  let winner: ManagerId | null = null;
  let card: CardRef | undefined;
  for (const { id, ability } of stageIndex(s).ends) {
    const c = live(s, id);
    if (!c || !evalCondition(s, ability.condition, c.owner, c.id)) continue;
    const w = ability.result === 'win' ? c.owner : other(c.owner);
    if (winner !== w) wins++;
    winner = w;
    card ??= { id: c.id, def: c.def };
  }
  if (winner) {
    endGame(ctx, wins > 1 ? 'draw' : winner, 'card', card);
    return true;
  }
  return false;
}
