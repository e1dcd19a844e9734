/** Declaring attackers (RUL-COMBAT-1, RUL-TURN-6, RUL-TURN-8). */
import { defById, charactersOf, isCharacterDef } from '../core/query.js';
import { managerOf, type GameState } from '../core/types.js';
import { hasKeyword } from '../effects/stats.js';

/** RUL-COMBAT-1: untilted, free of Debut Burnout (RUL-TURN-6), not a Moderator. */
export function canAttack(s: GameState, id: string): boolean {
  const c = s.cards[id];
  if (!c || c.owner !== s.active || c.tilted) return false;
  if (c.zone !== 'main' && c.zone !== 'centre') return false;
  // RUL-ZONE-4 and the rules text: assets and events never attack; only characters (leaders included) do.
  if (!isCharacterDef(defById(s, c.def))) return false;
  if (c.enteredTurn >= s.turn) return false;
  return !hasKeyword(s, c, 'moderator');
}

/** One slot: the last combat asked about (a WeakMap write per combat costs more than the list itself). */
let kept: { combat: object; turn: number; nextId: number; ids: readonly string[] } | null = null;

/**
 * The characters that may attack now. While attackers are declared nothing else changes (nobody has
 * priority), so in 'combat-attack' the list is kept for the combat object. Callers must not change it.
 */
export function eligibleAttackers(s: GameState): readonly string[] {
  const cb = s.combat;
  if (!cb || s.phase !== 'combat-attack') return computeEligible(s);
  if (kept && kept.combat === cb && kept.turn === s.turn && kept.nextId === s.nextId) return kept.ids;
  const ids = computeEligible(s);
  kept = { combat: cb, turn: s.turn, nextId: s.nextId, ids };
  return ids;
}

function computeEligible(s: GameState): string[] {
  return charactersOf(s, s.active).filter((id) => canAttack(s, id));
}

/** Whether any character could attack (RUL-TURN-8: otherwise the Combat Phase is skipped). */
export function anyEligibleAttacker(s: GameState): boolean {
  const ms = managerOf(s, s.active);
  for (const id of ms.centre) if (canAttack(s, id)) return true;
  for (const id of ms.main) if (canAttack(s, id)) return true;
  return false;
}
