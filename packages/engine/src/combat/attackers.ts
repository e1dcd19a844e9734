/** Declaring attackers (RUL-COMBAT-1, RUL-TURN-6, RUL-TURN-8). */
import { charactersOf, isCharacterDef } from '../core/query.js';
import type { GameState } from '../core/types.js';
import { hasKeyword } from '../effects/stats.js';

/** RUL-COMBAT-1: untilted, free of Debut Burnout (RUL-TURN-6), not a Moderator. */
export function canAttack(s: GameState, id: string): boolean {
  const c = s.cards[id];
  if (!c || c.owner !== s.active || c.tilted) return false;
  if (c.zone !== 'main' && c.zone !== 'centre') return false;
  // RUL-ZONE-4 and the rules text: assets and events never attack; only characters (leaders included) do.
  if (!isCharacterDef(s.defs[c.def]!)) return false;
  if (c.enteredTurn >= s.turn) return false;
  return !hasKeyword(s, c, 'moderator');
}

export function eligibleAttackers(s: GameState): string[] {
  return charactersOf(s, s.active).filter((id) => canAttack(s, id));
}
