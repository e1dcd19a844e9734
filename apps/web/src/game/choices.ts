/**
 * What the player can do, read from the server's legal actions only. Nothing here decides legality: it
 * groups the listed actions by the card they concern and walks a play's targets one pick at a time, offering
 * at each step only the values some listed action still has.
 */
import type { Action, CardDef, GameView, Legal } from '@vroyale/engine';
import { declarationOf, draftFor, offerIn, type Draft } from './declaration';
import { rulesText } from '@vroyale/engine';
import { language } from '../i18n';
import { abilityOf, capitalise, type Labels } from './labels';

export type CardAction = Extract<Action, { card: string }>;

/** The card an action is about, for the card's own menu (declarations are built on the board instead). */
export function actionCard(a: Legal): string | null {
  return 'card' in a ? a.card : null;
}

export function actionsByCard(legal: readonly Legal[]): Map<string, Action[]> {
  const m = new Map<string, Action[]>();
  for (const a of legal) {
    if (!('card' in a)) continue;
    const c = actionCard(a);
    if (c === null) continue;
    const list = m.get(c);
    if (list) list.push(a);
    else m.set(c, [a]);
  }
  return m;
}

/** A menu entry: one action, or a group of play/activate actions that differ only in targets and costs. */
export interface MenuEntry {
  key: string;
  label: string;
  detail?: string;
  actions: Action[];
}

/** The choice slots of a play/activate: targets, then cost cards. */
export function slots(a: Action): string[] {
  if (a.type === 'play') return a.targets;
  if (a.type === 'activate') return [...a.targets, ...a.costCards];
  return [];
}

export function slotKinds(a: Action): ('target' | 'cost')[] {
  if (a.type === 'activate') return [...a.targets.map(() => 'target' as const), ...a.costCards.map(() => 'cost' as const)];
  if (a.type === 'play') return a.targets.map(() => 'target' as const);
  return [];
}

export function menuFor(actions: readonly Action[], def: CardDef | undefined, lookup?: (id: string) => CardDef | undefined): MenuEntry[] {
  const out: MenuEntry[] = [];
  const groups = new Map<string, MenuEntry>();
  const lines = def ? rulesText(def, lookup, language()) : [];
  for (const a of actions) {
    let key: string;
    let label: string;
    let detail: string | undefined;
    switch (a.type) {
      case 'play':
        key = 'play';
        label = def?.types.includes('highlight') ? `Play ${def.name}` : `Debut ${def?.name ?? 'card'}`;
        detail = def ? `Cost ${def.cost}` : undefined;
        break;
      case 'activate': {
        key = `activate:${a.ability}`;
        const hasKw = def?.keywords && Object.keys(def.keywords).length > 0 ? 1 : 0;
        label = `Activate ability ${a.ability + 1}`;
        detail = lines[a.ability + hasKw];
        break;
      }
      case 'place-star':
        key = 'place-star';
        label = 'Place in Star Pool';
        detail = def ? `Adds ${def.stars} star${def.stars === 1 ? '' : 's'}` : undefined;
        break;
      case 'tilt-star':
        key = 'tilt-star';
        label = 'Tilt for stars';
        break;
      case 'discard':
        key = 'discard';
        label = 'Discard';
        break;
      default:
        continue;
    }
    const g = groups.get(key);
    if (g) g.actions.push(a);
    else {
      const e: MenuEntry = { key, label, actions: [a], ...(detail ? { detail } : {}) };
      groups.set(key, e);
      out.push(e);
    }
  }
  return out;
}

/** The actions still possible after these picks, and the values the next slot can take. */
export function narrow(candidates: readonly Action[], picked: readonly string[]): { remaining: Action[]; next: string[]; kind: 'target' | 'cost' | null } {
  const remaining = candidates.filter((a) => {
    const s = slots(a);
    return picked.every((p, i) => s[i] === p);
  });
  const i = picked.length;
  const next = [...new Set(remaining.map((a) => slots(a)[i]).filter((x): x is string => x !== undefined))];
  const kind = remaining[0] ? (slotKinds(remaining[0])[i] ?? null) : null;
  return { remaining, next, kind };
}

/** Picks that only have one possible value are made automatically. */
export function autoPick(candidates: readonly Action[], picked: string[]): string[] {
  const out = [...picked];
  for (;;) {
    const { remaining, next } = narrow(candidates, out);
    if (next.length !== 1) return out;
    if (remaining.length === 1 && slots(remaining[0]!).length === out.length) return out;
    out.push(next[0]!);
  }
}

/** The single complete action these picks name, if there is one. */
export function complete(candidates: readonly Action[], picked: readonly string[]): Action | null {
  const { remaining } = narrow(candidates, picked);
  const done = remaining.filter((a) => slots(a).length === picked.length);
  return done.length === 1 ? done[0]! : null;
}

const ZONE: Record<string, string> = {
  hand: 'in {} hand',
  backstage: 'in {} Backstage',
  centre: 'on {} Centre Stage',
  main: 'on {} Main Stage',
  'star-pool': 'in {} Star Pool',
  graduation: 'in {} Graduation Zone',
  hiatus: 'in {} Hiatus',
  stack: 'on the stack',
};

/** A target as an option: "Kiri Moonbeam (2) on Bea's Main Stage", "You", "Zap on the stack". */
export function describeTarget(view: GameView, id: string, l: Labels): string {
  if (id === 'A' || id === 'B') return capitalise(l.who(id));
  const item = view.stack.find((s) => s.id === id);
  if (item) {
    const src = l.ref(item.source) ? l.name(item.source) : (view.defs[item.sourceDef]?.name ?? 'an effect');
    return `${item.kind === 'highlight' ? src : abilityOf(src)} on the stack`;
  }
  const r = l.ref(id);
  if (!r) return 'a card';
  return `${l.name(id)} ${ZONE[r.zone]!.replace('{}', l.whose(r.side))}`;
}

/** The one button for the space bar: declare the combat declaration being built (when legal), else pass. */
export function primaryAction(legal: readonly Legal[], draft: Draft | null, seq: number): Action | null {
  const offer = offerIn(legal);
  if (offer) return declarationOf(offer, draftFor(draft, seq));
  for (const a of legal) if (a.type === 'pass') return a;
  return null;
}

export const PHASES: { key: string; label: string; phases: string[] }[] = [
  { key: 'start', label: 'Start', phases: ['start'] },
  { key: 'resource', label: 'Resource', phases: ['resource'] },
  { key: 'main', label: 'Main', phases: ['main'] },
  { key: 'attack', label: 'Attack', phases: ['combat-attack', 'combat-attack-window'] },
  { key: 'block', label: 'Block', phases: ['combat-block', 'combat-block-window'] },
  { key: 'resolution', label: 'Resolution', phases: ['resolution'] },
  { key: 'end', label: 'End', phases: ['end'] },
];

const PHASE_NAME: Record<string, string> = {
  start: 'Starting Phase',
  resource: 'Resource Step',
  main: 'Main Step',
  'combat-attack-window': 'attack window',
  'combat-block-window': 'block window',
  resolution: 'Resolution Phase',
  end: 'end of the turn',
};

/** What passing priority does now (RUL-STACK-1, RUL-STACK-5: every phase ends when both pass in a row). */
export function passHint(view: GameView): string {
  if (view.stack.length > 0) return 'When both managers pass in a row, the top of the stack resolves.';
  return `When both managers pass in a row, the ${PHASE_NAME[view.phase] ?? 'step'} ends.`;
}
