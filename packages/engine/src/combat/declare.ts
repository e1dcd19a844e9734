/**
 * Declaring attackers and blockers, one card at a time, then confirming (RUL-COMBAT-1..3).
 * Confirming attackers tilts them and opens the first response window; confirming blocks opens the second
 * (RUL-STACK-4).
 */
import { emit, setPhase, type Ctx } from '../core/context.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { reject, type Rejection } from '../actions/rejections.js';
import { queueCardTriggers } from '../stack/triggers.js';
import { settle } from '../turn/flow.js';
import { eligibleAttackers } from './attackers.js';
import { blockProblems, canAddBlock } from './blockers.js';

function attackStep(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide`);
  if (s.phase !== 'combat-attack') return reject('wrong-phase', 'Attackers are declared at the start of your Combat Phase');
  if (s.active !== m) return reject('out-of-turn', `Manager ${s.active} is declaring attackers`);
  return null;
}

function blockStep(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide`);
  if (s.phase !== 'combat-block') return reject('wrong-phase', 'Blockers are declared after attackers and their response window');
  if (s.active === m) return reject('out-of-turn', `Manager ${other(m)} is declaring blockers`);
  return null;
}

export function checkAttack(s: GameState, m: ManagerId, card: string): Rejection | null {
  const r = attackStep(s, m);
  if (r) return r;
  if (!s.cards[card]) return reject('unknown-card', `There is no card ${card}`);
  if (s.cards[card]!.owner !== m) return reject('wrong-manager', 'You can only attack with your own characters');
  if (s.combat!.attackers.includes(card)) return reject('cannot-attack', 'That character is already attacking');
  // eligibleAttackers is canAttack over the stage, kept for the combat while attackers are declared.
  if (!eligibleAttackers(s).includes(card))
    return reject('cannot-attack', 'Attackers must be untilted characters on your stage, without Debut Burnout, and not Moderators (RUL-COMBAT-1)');
  return null;
}

export function checkCancelAttack(s: GameState, m: ManagerId, card: string): Rejection | null {
  return attackStep(s, m) ?? (s.combat!.attackers.includes(card) ? null : reject('invalid-option', 'That character is not declared as an attacker'));
}

export function checkConfirmAttack(s: GameState, m: ManagerId): Rejection | null {
  return attackStep(s, m);
}

export function doConfirmAttack(ctx: Ctx): void {
  const s = ctx.s;
  const cb = s.combat!;
  for (const a of cb.attackers) {
    s.cards[a]!.tilted = true;
    emit(ctx, { t: 'tilt', card: a, tilted: true });
  }
  emit(ctx, { t: 'attackers', attackers: cb.attackers.slice() });
  for (const a of cb.attackers) queueCardTriggers(s, a, (t) => t.on === 'attack');
  setPhase(ctx, 'combat-attack-window');
  s.priority = cb.attackers.length ? s.active : null;
  s.passes = 0;
  settle(ctx, null);
}

export function checkBlock(s: GameState, m: ManagerId, blocker: string, attacker: string): Rejection | null {
  const r = blockStep(s, m);
  if (r) return r;
  if (!s.cards[blocker] || !s.cards[attacker]) return reject('unknown-card', 'Unknown blocker or attacker');
  if (s.cards[blocker]!.owner !== m) return reject('wrong-manager', 'You can only block with your own characters');
  if (!canAddBlock(s, blocker, attacker))
    return reject('cannot-block', 'That character cannot block that attacker (each blocks one attacker; a Moderator X blocks up to X)');
  return null;
}

export function checkCancelBlock(s: GameState, m: ManagerId, blocker: string, attacker: string): Rejection | null {
  return (
    blockStep(s, m) ??
    (s.combat!.blocks.some((b) => b.blocker === blocker && b.attacker === attacker) ? null : reject('invalid-option', 'No such block to cancel'))
  );
}

export function checkConfirmBlock(s: GameState, m: ManagerId): Rejection | null {
  const r = blockStep(s, m);
  if (r) return r;
  if (blockProblems(s, s.combat!.blocks, true).length === 0) return null;
  const problems = blockProblems(s, s.combat!.blocks);
  return problems.length ? reject('illegal-blocks', problems.map((p) => p.message).join('; ') + ' (RUL-COMBAT-3)') : null;
}

export function doConfirmBlock(ctx: Ctx): void {
  const s = ctx.s;
  const cb = s.combat!;
  cb.blocked = cb.attackers.filter((a) => cb.blocks.some((b) => b.attacker === a));
  emit(ctx, { t: 'blockers', blocks: cb.blocks.map((b) => ({ ...b })) });
  for (const b of new Set(cb.blocks.map((x) => x.blocker))) queueCardTriggers(s, b, (t) => t.on === 'block');
  setPhase(ctx, 'combat-block-window');
  s.priority = s.active;
  s.passes = 0;
  settle(ctx, null);
}
