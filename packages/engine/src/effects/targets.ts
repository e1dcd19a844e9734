/**
 * Target legality, declared by card data (TargetReq) and shared by the engine and the UI.
 * RUL-STACK-2: targets are chosen when an item goes on the stack and checked again when it resolves.
 */
import type { TargetReq } from '../cards/schema.js';
import { defById, isCharacterDef, onStage } from '../core/query.js';
import { other, type GameState, type ManagerId } from '../core/types.js';
import { cardVisibleTo } from '../core/visibility.js';
import { matchesFilter } from './filters.js';

function sideOk(side: TargetReq['side'], controller: ManagerId, owner: ManagerId): boolean {
  return side === 'any' || (side === 'you') === (owner === controller);
}

export function isLegalTarget(s: GameState, req: TargetReq, controller: ManagerId, sourceId: string | null, target: string): boolean {
  switch (req.kind) {
    case 'manager':
      return (target === 'A' || target === 'B') && sideOk(req.side, controller, target);
    case 'stack-item': {
      const item = s.stack.find((i) => i.id === target);
      if (!item || !sideOk(req.side, controller, item.controller)) return false;
      return req.item === 'any' || (req.item === 'highlight') === (item.kind === 'highlight');
    }
    case 'graduated-card': {
      const c = s.cards[target];
      return !!c && c.zone === 'graduation' && sideOk(req.side, controller, c.owner) && matchesFilter(s, c, req.filter, sourceId);
    }
    case 'character':
    case 'stage-card': {
      const c = s.cards[target];
      if (!c || !onStage(c) || !sideOk(req.side, controller, c.owner)) return false;
      if (req.kind === 'character' && !isCharacterDef(defById(s, c.def))) return false;
      return matchesFilter(s, c, req.filter, sourceId);
    }
  }
}

/** Every id that could be chosen for one requirement. */
export function candidatesFor(s: GameState, req: TargetReq, controller: ManagerId, sourceId: string | null): string[] {
  let pool: string[];
  switch (req.kind) {
    case 'manager':
      pool = req.side === 'any' ? ['A', 'B'] : [req.side === 'you' ? controller : other(controller)];
      break;
    case 'stack-item':
      pool = s.stack.map((i) => i.id);
      break;
    case 'graduated-card':
      pool = s.managers.A.graduation.concat(s.managers.B.graduation);
      break;
    default: {
      // Stage cards: walked in place (A's Centre, A's Main, B's Centre, B's Main) rather than concatenated.
      const { A, B } = s.managers;
      const out: string[] = [];
      pushLegal(s, req, controller, sourceId, A.centre, out);
      pushLegal(s, req, controller, sourceId, A.main, out);
      pushLegal(s, req, controller, sourceId, B.centre, out);
      pushLegal(s, req, controller, sourceId, B.main, out);
      return out;
    }
  }
  return pool.filter((t) => isLegalTarget(s, req, controller, sourceId, t));
}

function pushLegal(s: GameState, req: TargetReq, controller: ManagerId, sourceId: string | null, ids: readonly string[], out: string[]): void {
  for (const t of ids) if (isLegalTarget(s, req, controller, sourceId, t)) out.push(t);
}

/** Every legal combination of distinct targets for a list of requirements, in a stable order. */
export function targetCombos(s: GameState, reqs: readonly TargetReq[] | undefined, controller: ManagerId, sourceId: string | null): string[][] {
  if (!reqs || reqs.length === 0) return [[]];
  if (reqs.length === 1) return candidatesFor(s, reqs[0]!, controller, sourceId).map((t) => [t]);
  let combos: string[][] = [[]];
  for (const req of reqs) {
    const cands = candidatesFor(s, req, controller, sourceId);
    const next: string[][] = [];
    for (const c of combos) for (const t of cands) if (!c.includes(t)) next.push([...c, t]);
    combos = next;
  }
  return combos;
}

/**
 * The door's target check for an action (play, activate). A target naming a card the controller cannot see
 * is refused before any requirement reads it (RUL-ZONE-6): it is answered as an id that names nothing, which
 * no requirement accepts, so no target kind added later can tell a hidden card from a made-up id.
 */
export function targetsLegal(
  s: GameState,
  reqs: readonly TargetReq[] | undefined,
  controller: ManagerId,
  sourceId: string | null,
  targets: readonly string[],
): boolean {
  const n = reqs?.length ?? 0;
  if (targets.length !== n) return false;
  if (n > 1 && new Set(targets).size !== n) return false;
  for (let i = 0; i < n; i++) {
    const c = s.cards[targets[i]!];
    if (c !== undefined && !cardVisibleTo(s, controller, c)) return false;
    if (!isLegalTarget(s, reqs![i]!, controller, sourceId, targets[i]!)) return false;
  }
  return true;
}
