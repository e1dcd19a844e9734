/**
 * Declaring attackers (RUL-COMBAT-1, RUL-TURN-6, RUL-TURN-8). The attacking manager declares the whole list
 * at once (RUL-COMBAT-1/2: the other manager never sees a choice still being made). The decision is
 * described by an `AttackOffer` (legal actions list it instead of every subset) and judged by one function,
 * `attackProblems`, shared by the engine's check, the bots and the web app's live feedback.
 */
import { defById, isCharacterDef, stageOf } from '../core/query.js';
import { sameNameLabels } from '../core/labels.js';
import { managerOf, type GameState, type ManagerId } from '../core/types.js';
import { hasKeyword } from '../effects/stats.js';

/** RUL-COMBAT-1: untilted, free of Debut Burnout (RUL-TURN-6), not a Moderator. */
export function canAttack(s: GameState, id: string): boolean {
  return attackBar(s, id) === null;
}

export type AttackBar = 'not-a-character' | 'tilted' | 'debut-burnout' | 'moderator';

/** Why an active manager's stage card may not attack, or null when it may. */
function attackBar(s: GameState, id: string): AttackBar | 'not-eligible' | null {
  const c = s.cards[id];
  if (!c || c.owner !== s.active) return 'not-eligible';
  if (c.zone !== 'main' && c.zone !== 'centre') return 'not-eligible';
  // RUL-ZONE-4 and the rules text: assets and events never attack; only characters (leaders included) do.
  if (!isCharacterDef(defById(s, c.def))) return 'not-a-character';
  if (c.tilted) return 'tilted';
  if (c.enteredTurn >= s.turn) return 'debut-burnout';
  return hasKeyword(s, c, 'moderator') ? 'moderator' : null;
}

/** The attackers decision as legal actions list it: who may attack, and why the rest of the stage may not. */
export interface AttackOffer {
  type: 'choose-attackers';
  manager: ManagerId;
  /** Characters that may attack, in stage order (Centre, then Main). Any subset of them is legal. */
  eligible: { id: string; label: string }[];
  /** The manager's other stage cards, each with the reason it may not attack. */
  barred: { id: string; label: string; reason: AttackBar }[];
}

export function attackOffer(s: GameState): AttackOffer {
  const stage = stageOf(s, s.active);
  const labels = sameNameLabels(stage.map((id) => ({ id, name: defById(s, s.cards[id]!.def).name })));
  const offer: AttackOffer = { type: 'choose-attackers', manager: s.active, eligible: [], barred: [] };
  for (const id of stage) {
    const bar = attackBar(s, id);
    if (bar === null) offer.eligible.push({ id, label: labels.get(id)! });
    else if (bar !== 'not-eligible') offer.barred.push({ id, label: labels.get(id)!, reason: bar });
  }
  return offer;
}

export interface DeclarationProblem {
  code: 'unknown-card' | 'duplicate' | 'cannot-attack' | 'cannot-block' | 'callout' | 'clout' | 'moderator';
  /** The card the problem is about, as the declaration named it. */
  card: string;
  message: string;
}

const BAR_TEXT: Record<AttackBar, string> = {
  'not-a-character': 'is not a character: only characters attack (RUL-ZONE-4)',
  tilted: 'is tilted: attackers must be untilted (RUL-COMBAT-1)',
  'debut-burnout': 'has Debut Burnout: it entered the stage this turn (RUL-TURN-6)',
  moderator: 'is a Moderator: Moderators cannot attack (RUL-COMBAT-1)',
};

/**
 * RUL-COMBAT-1: every problem with declaring `attackers` (empty when it is legal; any subset of the eligible
 * characters is). An id that is not one of the manager's stage cards gets one message whatever it is
 * (another zone, a hidden card, no card at all), so a refusal never tells which ids exist.
 */
export function attackProblems(offer: AttackOffer, attackers: readonly string[]): DeclarationProblem[] {
  const out: DeclarationProblem[] = [];
  const seen = new Set<string>();
  for (const id of attackers) {
    if (seen.has(id)) {
      out.push({ code: 'duplicate', card: id, message: `${labelIn(offer, id)} is declared twice` });
      continue;
    }
    seen.add(id);
    if (offer.eligible.some((e) => e.id === id)) continue;
    const barred = offer.barred.find((b) => b.id === id);
    if (barred) out.push({ code: 'cannot-attack', card: id, message: `${barred.label} ${BAR_TEXT[barred.reason]}` });
    else out.push({ code: 'unknown-card', card: id, message: `No card of yours on stage has the id ${id}` });
  }
  return out;
}

function labelIn(offer: AttackOffer, id: string): string {
  return (offer.eligible.find((e) => e.id === id) ?? offer.barred.find((b) => b.id === id))?.label ?? id;
}

/** Whether any character could attack (RUL-TURN-8: otherwise the Combat Phase is skipped). */
export function anyEligibleAttacker(s: GameState): boolean {
  const ms = managerOf(s, s.active);
  for (const id of ms.centre) if (canAttack(s, id)) return true;
  for (const id of ms.main) if (canAttack(s, id)) return true;
  return false;
}
