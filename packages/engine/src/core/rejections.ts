/** Typed rejections: a reason code for programs and a message for people. The state is never changed. */
export const REJECT_CODES = [
  'malformed',
  'game-over',
  'out-of-turn',
  'wrong-manager',
  'wrong-phase',
  'choice-pending',
  'unknown-card',
  'wrong-zone',
  'cannot-afford',
  'play-limit',
  'star-already-placed',
  'event-unique',
  'illegal-target',
  'stack-not-empty',
  'illegal-attackers',
  'illegal-blocks',
  'invalid-option',
  'cost-unpaid',
  'ability-used',
  'condition-unmet',
  'no-ability',
  'internal-error',
] as const;
export type RejectCode = (typeof REJECT_CODES)[number];

export interface Rejection {
  ok: false;
  code: RejectCode;
  message: string;
}

export function reject(code: RejectCode, message: string): Rejection {
  return { ok: false, code, message };
}
