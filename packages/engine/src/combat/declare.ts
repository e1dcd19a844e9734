/**
 * Declaring attackers and blocks, each as a whole (RUL-COMBAT-1, RUL-COMBAT-2: the other manager learns a
 * declaration only once it is made, never a choice still being built). Declaring attackers tilts them and
 * opens the first response window; declaring blocks opens the second (RUL-STACK-4). Each check is the
 * decision's one legality function over the offer legal actions list: `attackProblems` (RUL-COMBAT-1) and
 * `blockProblems` (RUL-COMBAT-2 pairs and capacity, RUL-COMBAT-3 Callout, Clout and Moderator).
 */
import { emit, setPhase, type Ctx } from '../core/context.js';
import { other, type Block, type GameState, type ManagerId } from '../core/types.js';
import { reject, type Rejection } from '../core/rejections.js';
import { queueCardTriggers } from '../stack/triggers.js';
import { attackOffer, attackProblems, type DeclarationProblem } from './attackers.js';
import { blockOffer, blockProblems } from './blockers.js';
import { cardW } from '../core/own.js';

function attackStep(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide`);
  if (s.phase !== 'combat-attack' || !s.combat) return reject('wrong-phase', 'Attackers are declared at the start of your Combat Phase');
  if (s.active !== m) return reject('out-of-turn', `Manager ${s.active} is declaring attackers`);
  return null;
}

function blockStep(s: GameState, m: ManagerId): Rejection | null {
  if (s.pending) return reject('choice-pending', `Waiting for manager ${s.pending.manager} to decide`);
  if (s.phase !== 'combat-block' || !s.combat) return reject('wrong-phase', 'Blocks are declared after attackers and their response window');
  if (s.active === m) return reject('out-of-turn', `Manager ${other(m)} is declaring blocks`);
  return null;
}

function refuse(code: 'illegal-attackers' | 'illegal-blocks', problems: DeclarationProblem[]): Rejection | null {
  return problems.length ? reject(code, problems.map((p) => p.message).join('; ')) : null;
}

export function checkDeclareAttackers(s: GameState, m: ManagerId, attackers: readonly string[]): Rejection | null {
  return attackStep(s, m) ?? refuse('illegal-attackers', attackProblems(attackOffer(s), attackers));
}

export function checkDeclareBlocks(s: GameState, m: ManagerId, blocks: readonly Block[]): Rejection | null {
  return blockStep(s, m) ?? refuse('illegal-blocks', blockProblems(blockOffer(s), blocks));
}

/** Attackers in stage order, whatever order they were named in, so equal declarations give equal states. */
export function doDeclareAttackers(ctx: Ctx, attackers: readonly string[]): void {
  const s = ctx.s;
  const cb = s.combat!;
  const named = new Set(attackers);
  cb.attackers = attackOffer(s).eligible.flatMap((e) => (named.has(e.id) ? [e.id] : []));
  for (const a of cb.attackers) {
    cardW(s, a).tilted = true;
    emit(ctx, { t: 'tilt', card: a, tilted: true });
  }
  emit(ctx, { t: 'attackers', attackers: cb.attackers.slice() });
  for (const a of cb.attackers) queueCardTriggers(s, a, (t) => t.on === 'attack');
  setPhase(ctx, 'combat-attack-window');
  s.priority = cb.attackers.length ? s.active : null;
  s.passes = 0;
}

/** Blocks in a canonical order (blockers in stage order, then attackers in declaration order). */
export function doDeclareBlocks(ctx: Ctx, blocks: readonly Block[]): void {
  const s = ctx.s;
  const cb = s.combat!;
  const offer = blockOffer(s);
  const bi = new Map(offer.blockers.map((b, j) => [b.id, j]));
  const ai = new Map(offer.attackers.map((a, i) => [a.id, i]));
  cb.blocks = blocks
    .map((b) => ({ blocker: b.blocker, attacker: b.attacker }))
    .sort((x, y) => bi.get(x.blocker)! - bi.get(y.blocker)! || ai.get(x.attacker)! - ai.get(y.attacker)!);
  cb.blocked = cb.attackers.filter((a) => cb.blocks.some((b) => b.attacker === a));
  emit(ctx, { t: 'blockers', blocks: cb.blocks.map((b) => ({ ...b })) });
  for (const b of new Set(cb.blocks.map((x) => x.blocker))) queueCardTriggers(s, b, (t) => t.on === 'block');
  setPhase(ctx, 'combat-block-window');
  s.priority = s.active;
  s.passes = 0;
}
