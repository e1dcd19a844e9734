/** Turning an effect's selectors into the cards and managers it acts on, at resolution time. */
import type { Ability, CardSel, ManagerSel, TargetReq } from '../cards/schema.js';
import { defById, onStage } from '../core/query.js';
import { managerOf, other, type Frame, type GameState, type ManagerId } from '../core/types.js';
import { matchesFilter } from './filters.js';
import { isLegalTarget } from './targets.js';

export function frameAbility(s: GameState, f: Frame): Ability {
  return defById(s, f.sourceDef).abilities[f.ability]!;
}

function reqs(s: GameState, f: Frame): readonly TargetReq[] {
  const a = frameAbility(s, f);
  return 'targets' in a ? (a.targets ?? []) : [];
}

/** A target still legal now (RUL-STACK-2), or null. */
export function liveTarget(s: GameState, f: Frame, index: number): string | null {
  const t = f.targets[index];
  const req = reqs(s, f)[index];
  if (t === undefined || !req) return null;
  return isLegalTarget(s, req, f.controller, f.source, t) ? t : null;
}

export function selectCards(s: GameState, f: Frame, sel: CardSel): string[] {
  switch (sel.ref) {
    case 'target': {
      const t = liveTarget(s, f, sel.index);
      return t && s.cards[t] ? [t] : [];
    }
    case 'self':
      return s.cards[f.source] ? [f.source] : [];
    case 'equipped': {
      const at = s.cards[f.source]?.attachedTo;
      return at && s.cards[at] ? [at] : [];
    }
    case 'each': {
      const out: string[] = [];
      for (const m of ['A', 'B'] as const) {
        if (sel.side === 'you' && m !== f.controller) continue;
        if (sel.side === 'opponent' && m === f.controller) continue;
        const ms = managerOf(s, m);
        for (const id of ms.centre.concat(ms.main)) {
          const c = s.cards[id]!;
          if (onStage(c) && matchesFilter(s, c, sel.filter, f.source)) out.push(id);
        }
      }
      return out;
    }
  }
}

export function selectManagers(s: GameState, f: Frame, sel: ManagerSel): ManagerId[] {
  switch (sel.ref) {
    case 'you':
      return [f.controller];
    case 'opponent':
      return [other(f.controller)];
    case 'each':
      return [f.controller, other(f.controller)];
    case 'target': {
      const t = liveTarget(s, f, sel.index);
      return t === 'A' || t === 'B' ? [t] : [];
    }
  }
}
