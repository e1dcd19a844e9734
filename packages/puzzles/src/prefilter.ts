/**
 * Cheap tests that keep the miner from running the solver where a goal is out of reach at a glance. They may
 * let a hopeless position through (the solver then says so), and they may miss a few puzzles: they only
 * choose where to look, never what ships.
 */
import { other, statsOf, type GameState, type ManagerId } from '@vroyale/engine';

/** Most damage one card in hand or one activated ability is assumed to add (pumps, drains). */
const PER_CARD = 4;

function hasEndCondition(s: GameState, m: ManagerId): boolean {
  const ms = s.managers[m];
  return [...ms.centre, ...ms.main].some((id) => s.defs[s.cards[id]!.def]!.abilities.some((a) => a.kind === 'end-condition'));
}

/** Whether the active manager might take the opponent's sanity to 0 this turn (or win by a card). */
export function mightWinThisTurn(s: GameState, m: ManagerId): boolean {
  if (hasEndCondition(s, m)) return true;
  const ms = s.managers[m];
  let atk = 0;
  for (const id of [...ms.centre, ...ms.main]) {
    const c = s.cards[id]!;
    const d = s.defs[c.def]!;
    if (!d.types.includes('character') && !d.types.includes('leader')) continue;
    if (c.tilted || c.enteredTurn >= s.turn) continue;
    const st = statsOf(s, c);
    if (!st.keywords.moderator) atk += st.atk;
  }
  return atk + PER_CARD * ms.hand.length >= s.managers[other(m)].sanity;
}

/** Whether the defender could lose to the declared attack if it blocked nothing (else survive is trivial). */
export function attackThreatens(s: GameState, defender: ManagerId): boolean {
  if (!s.combat) return false;
  const atk = s.combat.attackers.reduce((n, id) => n + statsOf(s, s.cards[id]!).atk, 0);
  return atk >= s.managers[defender].sanity;
}

/** Characters on a manager's stage (Centre and Main). */
function fighters(s: GameState, m: ManagerId): number {
  const ms = s.managers[m];
  return [...ms.centre, ...ms.main].filter((id) => {
    const d = s.defs[s.cards[id]!.def]!;
    return d.types.includes('character') || d.types.includes('leader');
  }).length;
}

/**
 * Small enough to prove within a miner's budget: the solver's tree grows with the defender's block
 * assignments (blockers ^ attackers) and with the highlights either side could answer with in every window.
 */
export function smallEnough(s: GameState, mover: ManagerId): boolean {
  const opp = other(mover);
  return fighters(s, opp) <= 4 && fighters(s, mover) <= 5 && s.managers[mover].hand.length + s.managers[opp].hand.length <= 12;
}
