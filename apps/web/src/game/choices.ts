/**
 * What the player can do, read from the server's legal actions only. Nothing here decides legality: it
 * groups the listed actions by the card they concern and walks a play's targets one pick at a time, offering
 * at each step only the values some listed action still has.
 */
import '../i18n/later-texts';
import type { Action, CardDef, GameView, Legal } from '@vroyale/engine';
import { declarationOf, draftFor, offerIn, type Draft } from './declaration';
import { rulesText } from '@vroyale/engine';
import { language, t } from '../i18n';
import { abilityOf, capitalise, cardName, type Labels } from './labels';

const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;

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
        label = def?.types.includes('highlight')
          ? t('choices.play', { name: cardName(def) })
          : t('choices.debut', { name: def ? cardName(def) : t('choices.card') });
        detail = def ? t('choices.cost', { cost: def.cost }) : undefined;
        break;
      case 'activate': {
        key = `activate:${a.ability}`;
        const hasKw = def?.keywords && Object.keys(def.keywords).length > 0 ? 1 : 0;
        label = t('choices.activate', { n: a.ability + 1 });
        detail = lines[a.ability + hasKw];
        break;
      }
      case 'place-star':
        key = 'place-star';
        label = t('choices.placeStar');
        detail = def ? t('choices.adds', { count: def.stars }) : undefined;
        break;
      case 'tilt-star':
        key = 'tilt-star';
        label = t('choices.tilt');
        break;
      case 'discard':
        key = 'discard';
        label = t('choices.discard');
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

/** A target as an option: "Kiri Moonbeam (2) on Bea's Main Stage", "You", "Zap on the stack". */
export function describeTarget(view: GameView, id: string, l: Labels): string {
  if (id === 'A' || id === 'B') return capitalise(l.who(id));
  const item = view.stack.find((s) => s.id === id);
  if (item) {
    const src = l.ref(item.source) ? l.name(item.source) : view.defs[item.sourceDef] ? cardName(view.defs[item.sourceDef]!) : t('log.anEffect');
    return t('log.onStack', { item: item.kind === 'highlight' ? src : abilityOf(src) });
  }
  const r = l.ref(id);
  if (!r) return t('labels.aCard');
  return r.zone === 'stack' ? t('log.onStack', { item: l.name(id) }) : tx(`choices.zone.${r.zone}`, { card: l.name(id), whose: l.whose(r.side) });
}

/** The one button for the space bar: declare the combat declaration being built (when legal), else pass. */
export function primaryAction(legal: readonly Legal[], draft: Draft | null, seq: number): Action | null {
  const offer = offerIn(legal);
  if (offer) return declarationOf(offer, draftFor(draft, seq));
  for (const a of legal) if (a.type === 'pass') return a;
  return null;
}

/** The phase tracker's steps (labels: `choices.phase.<key>`). */
export const PHASES: { key: string; phases: string[] }[] = [
  { key: 'start', phases: ['start'] },
  { key: 'resource', phases: ['resource'] },
  { key: 'main', phases: ['main'] },
  { key: 'attack', phases: ['combat-attack', 'combat-attack-window'] },
  { key: 'block', phases: ['combat-block', 'combat-block-window'] },
  { key: 'resolution', phases: ['resolution'] },
  { key: 'end', phases: ['end'] },
];

export const phaseLabel = (key: string): string => tx(`choices.phase.${key}`);

const STEPS = new Set(['start', 'resource', 'main', 'combat-attack-window', 'combat-block-window', 'resolution', 'end']);

/** What passing priority does now (RUL-STACK-1, RUL-STACK-5: every phase ends when both pass in a row). */
export function passHint(view: GameView): string {
  if (view.stack.length > 0) return t('choices.passResolves');
  return t('choices.passEnds', { step: tx(`choices.step.${STEPS.has(view.phase) ? view.phase : 'other'}`) });
}
