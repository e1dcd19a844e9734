/**
 * How cards are named to the player, in one place. Two cards of the same name are told apart by a position
 * marker, "Kiri Moonbeam (2)": the second card of that name in its manager's zone, counted in board order
 * (the stage is Centre, then Main left to right). A marker is added only when the name repeats among the
 * cards this viewer can see, so most cards keep their plain name; and "whose" is said only when both sides
 * show the name in the same kind of place (both stages, both Star Pools...). Menus, prompts, block badges and problems, the log and accessible names all ask here, so
 * they agree. Pure: from a view (and the seats' names) only.
 */
import type { CardDef, CardView, GameView, ManagerId } from '@vroyale/engine';
import { language, t } from '../i18n';

type Named = Pick<CardDef, 'name' | 'nameJa'>;

/**
 * A card's name as the interface shows it: Japanese shows `nameJa` (card data), anything else the English
 * `name`. The English name stays the card's identity (copy limits, same-name markers, tests): compare `name`,
 * show this. Every place that shows a card's name asks here.
 */
export function cardName(def: Named): string {
  return language() === 'ja' && def.nameJa ? def.nameJa : def.name;
}

/** The English name, for a title / tooltip beside a card shown by its Japanese name (undefined in English). */
export function cardNameHint(def: Named): string | undefined {
  const shown = cardName(def);
  return shown === def.name ? undefined : def.name;
}

/** Where a card is, for counting: the stage is one row (Centre then Main), as the player reads it. */
export type Group = 'hand' | 'backstage' | 'stage' | 'star-pool' | 'graduation' | 'hiatus' | 'stack';

export interface CardRef {
  id: string;
  /** The card's name in the interface's language (`cardName`). */
  name: string;
  /** The side it is on (the stack: its controller). */
  side: ManagerId;
  group: Group;
  /** The zone itself (centre and main are one group but two zones). */
  zone: 'hand' | 'backstage' | 'centre' | 'main' | 'star-pool' | 'graduation' | 'hiatus' | 'stack';
  /** Position among the same-named cards of its side's group (1-based); null when it is the only one. */
  n: number | null;
  /** The other side shows a card of this name in the same kind of place too, so sentences say whose it is. */
  shared: boolean;
}

export interface Labels {
  ref(id: string): CardRef | undefined;
  /** "Kiri Moonbeam (2)": where the context already says whose card it is (its own side, a target's zone). */
  name(id: string): string;
  /** `name`, plus whose when both sides show the name ("Bea's Kiri Moonbeam (2)"), unless it is `subject`'s. */
  full(id: string, subject?: ManagerId | null): string;
  /** "you" or the manager's name. */
  who(m: ManagerId): string;
  /** "your" or "Bea's". */
  whose(m: ManagerId): string;
}

type Zone = CardRef['zone'];

function zonesOf(view: GameView, m: ManagerId): [Zone, Group, readonly CardView[]][] {
  const mv = view.managers[m];
  return [
    ['hand', 'hand', mv.hand ?? []],
    ['backstage', 'backstage', mv.backstage ? [mv.backstage] : []],
    ['centre', 'stage', mv.centre],
    ['main', 'stage', mv.main],
    ['star-pool', 'star-pool', mv.starPool],
    ['graduation', 'graduation', mv.graduation],
    ['hiatus', 'hiatus', mv.hiatus],
  ];
}

export function labels(view: GameView, names: Record<ManagerId, string>, me: ManagerId | null): Labels {
  const refs = new Map<string, CardRef>();
  const byName = new Map<string, CardRef[]>();
  const add = (c: CardView, side: ManagerId, zone: Zone, group: Group) => {
    const def = view.defs[c.def];
    if (!def || refs.has(c.id)) return;
    // Told apart by the English name (the identity); shown in the interface's language.
    const name = def.name;
    const r: CardRef = { id: c.id, name: cardName(def), side, group, zone, n: null, shared: false };
    refs.set(c.id, r);
    const list = byName.get(name);
    if (list) list.push(r);
    else byName.set(name, [r]);
  };
  for (const m of ['A', 'B'] as const) for (const [zone, group, cards] of zonesOf(view, m)) for (const c of cards) add(c, m, zone, group);
  for (const it of view.stack) if (it.card) add(it.card, it.controller, 'stack', 'stack');
  for (const list of byName.values()) {
    if (list.length < 2) continue;
    const count = new Map<string, number>();
    for (const r of list) count.set(`${r.side}|${r.group}`, (count.get(`${r.side}|${r.group}`) ?? 0) + 1);
    const seen = new Map<string, number>();
    for (const r of list) {
      // Whose only matters against the same kind of place: a Star Pool card of that name on the other side
      // does not make a stage card ambiguous (sentences about stage cards are about stages).
      r.shared = count.has(`${r.side === 'A' ? 'B' : 'A'}|${r.group}`);
      const k = `${r.side}|${r.group}`;
      if (count.get(k)! < 2) continue;
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      r.n = n;
    }
  }
  const who = (m: ManagerId) => (m === me ? t('labels.you') : names[m]);
  const whose = (m: ManagerId) => (m === me ? t('labels.your') : t('labels.whose', { name: names[m] }));
  const name = (id: string) => {
    const r = refs.get(id);
    if (!r) return t('labels.aCard');
    return r.n === null ? r.name : t('labels.marked', { name: r.name, n: r.n });
  };
  return {
    ref: (id) => refs.get(id),
    name,
    full(id, subject = null) {
      const r = refs.get(id);
      return r && r.shared && r.side !== subject ? t('labels.owned', { whose: whose(r.side), card: name(id) }) : name(id);
    },
    who,
    whose,
  };
}

/** "Chat Regular's ability", or "the ability of Chat Regular (2)" where a trailing marker would read badly. */
export function abilityOf(label: string): string {
  return label.endsWith(')') ? t('labels.abilityOfMarked', { card: label }) : t('labels.abilityOf', { card: label });
}

/** "a Fan token" / "an Idol token" (in English; other languages have no article: the text decides). */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? t('labels.an', { name: word }) : t('labels.a', { name: word });
}

/** A sentence may begin with a label ("your Kiri Moonbeam…"): capitalised, never otherwise changed. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
