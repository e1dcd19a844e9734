/**
 * A playable GameState built from one manager's view, for a bot's look-ahead only (it is never sent
 * anywhere and never replaces the real state). Public zones and the viewer's own hand are copied exactly;
 * everything hidden (the opponent's hand, both rosters) becomes placeholder cards of a synthetic
 * definition with no abilities and a cost no one can pay, so the simulation cannot play them and cannot
 * learn anything the view does not show.
 *
 * What the view does not carry is guessed: modifiers are rebuilt from the shown stats (as lasting ones),
 * once-per-turn use and the pass count start fresh, and the RNG is seeded from the bot's own seed.
 */
import type { CardDef, Keyword, Keywords } from '../cards/schema.js';
import { counterBatch, makeCard } from '../core/card-instance.js';
import { currentEpoch, setCurrentEpoch } from '../core/own-tag.js';
import { managerRecord, stateRecord } from '../core/records.js';
import { seedRng } from '../core/rng.js';
import type { CardInstance, CardLocation, CardRef, GameState, ManagerId, ManagerState, Modifier, Pending, StackItem } from '../core/types.js';
import { statsOf } from '../effects/stats.js';
import type { CardView, GameView } from '../view/projection.js';

export const HIDDEN_DEF_ID = 'hidden-card';

/** What a hidden card is in a simulation: nothing anyone can play (cost 99, no abilities, 1 star). */
export const HIDDEN_DEF: CardDef = {
  id: HIDDEN_DEF_ID,
  name: 'Hidden card',
  types: ['event'],
  rarity: 'C',
  cost: 99,
  stars: 1,
  abilities: [],
};

/** Stand-ins by token id, made once: definitions are read-only, and one object keeps defOf's copy of it. */
const standIns = new Map<string, CardDef>();
function standInToken(id: string): CardDef {
  let d = standIns.get(id);
  if (!d) standIns.set(id, (d = { id, name: `Token ${id}`, types: ['character'], rarity: 'C', token: true, cost: 0, stars: 0, atk: 1, hp: 1, abilities: [] }));
  return d;
}

/** The tokens a definition's effects commission, in its text's order (what the stand-ins are made for). */
const commissions = new WeakMap<CardDef, string[]>();
function commissioned(d: CardDef): string[] {
  let out = commissions.get(d);
  if (!out) {
    out = [];
    for (const a of d.abilities) if ('effects' in a) for (const e of a.effects) if (e.kind === 'commission') out.push(e.token);
    commissions.set(d, out);
  }
  return out;
}

const KEYWORD_LIST: Keyword[] = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'];

export function idNumber(id: string): number {
  const n = parseInt(id.slice(1), 36);
  return Number.isFinite(n) ? n : 0;
}

function instance(v: CardView, zone: CardLocation, turn: number): CardInstance {
  return makeCard(v.id, v.def, v.owner, zone, {
    token: v.token,
    tilted: v.tilted,
    damage: v.damage,
    enteredTurn: v.burnout ? turn : turn - 1,
    // Producers travel in the view (RUL-ZONE-3); without them the counters have none.
    counters: v.counterBatches
      ? v.counterBatches.map((b) => counterBatch(b.counter, b.count, b.producer))
      : Object.entries(v.counters).map(([k, n]) => counterBatch(k, n, null)),
    attachedTo: v.attachedTo,
    returnsFromHiatus: v.returnsFromHiatus === true,
  });
}

/** The ids of a manager's hidden cards in a determinised copy (search/hidden-deal.ts deals into them). */
export const hiddenHandId = (m: ManagerId, i: number): string => `x${m}h${i}`;
export const hiddenRosterId = (m: ManagerId, i: number): string => `x${m}r${i}`;

/**
 * The placeholder records, one per id, shared by every determinisation: they are made outside any write, so
 * no state owns them and copy-on-write copies one before changing it (hidden-deal.ts deals through `cardW`).
 * Building ~50 of them per strongBot decision in the rollouts was most of a determinisation's cost.
 */
const placeholders = new Map<string, CardInstance>();
function hidden(id: string, owner: ManagerId, zone: CardLocation): CardInstance {
  let c = placeholders.get(id);
  if (!c) {
    const writing = currentEpoch();
    setCurrentEpoch(0);
    c = makeCard(id, HIDDEN_DEF_ID, owner, zone);
    setCurrentEpoch(writing);
    placeholders.set(id, c);
  }
  return c;
}

/** A stage card to rebuild and the stats the view shows for it (a character's; undefined otherwise). */
export interface Rebuild {
  c: CardInstance;
  atk: number | undefined;
  hp: number | undefined;
  keywords: Keywords | undefined;
}

/** Modifiers that make the rebuilt card show the same ATK, HP and keywords as the view. */
function rebuildMods(s: GameState, { c, ...v }: Rebuild): void {
  if (v.atk === undefined || v.hp === undefined) return;
  const st = statsOf(s, c);
  const mods: Modifier[] = [];
  if (st.atk !== v.atk || st.hp !== v.hp) mods.push({ atk: v.atk - st.atk, hp: v.hp - st.hp, until: 'permanent' });
  const want: Keywords = v.keywords ?? {};
  for (const k of KEYWORD_LIST) {
    const has = st.keywords[k] !== undefined;
    const should = want[k] !== undefined;
    if (should && (!has || (k === 'moderator' && st.keywords.moderator !== want.moderator)))
      mods.push({ keyword: k, ...(k === 'moderator' ? { x: want.moderator } : {}), until: 'permanent' });
    else if (has && !should) mods.push({ keyword: k, remove: true, until: 'permanent' });
  }
  c.mods = mods;
}

export function determinise(view: GameView, seed: string | number, extraDefs?: Record<string, CardDef>): GameState {
  const me = view.viewer;
  if (me === 'spectator') throw new Error('determinise: a spectator view has no decisions to simulate');
  const cards: Record<string, CardInstance> = {};
  const rebuild: Rebuild[] = [];
  let maxId = 0;
  const add = (v: CardView, zone: CardLocation): string => {
    const c = instance(v, zone, view.turn);
    cards[v.id] = c;
    maxId = Math.max(maxId, idNumber(v.id));
    if (zone === 'main' || zone === 'centre') rebuild.push({ c, atk: v.atk, hp: v.hp, keywords: v.keywords });
    return v.id;
  };
  const managers = {} as Record<ManagerId, ManagerState>;
  for (const m of ['A', 'B'] as const) {
    const mv = view.managers[m];
    const hand = mv.hand ? mv.hand.map((v) => add(v, 'hand')) : hiddenHand(cards, m, mv.handCount);
    const roster = hiddenRoster(cards, m, mv.rosterCount);
    managers[m] = managerRecord({
      sanity: mv.sanity,
      roster,
      hand,
      backstage: mv.backstage ? add(mv.backstage, 'backstage') : null,
      centre: mv.centre.map((v) => add(v, 'centre')),
      main: mv.main.map((v) => add(v, 'main')),
      starPool: mv.starPool.map((v) => add(v, 'star-pool')),
      graduation: mv.graduation.map((v) => add(v, 'graduation')),
      hiatus: mv.hiatus.map((v) => add(v, 'hiatus')),
      availableStars: mv.availableStars,
      deckOuts: mv.deckOuts,
      mulligan: mv.mulligan === 'pending' ? 'pending' : mv.mulligan === 'redrawn' ? 'redrawn' : 'kept',
    });
  }
  const stackCards: string[] = [];
  const stack = view.stack.map(({ card, ...item }) => {
    maxId = Math.max(maxId, idNumber(item.id));
    if (card && !cards[card.id]) {
      add(card, 'stack');
      stackCards.push(card.id);
    }
    return stackItem(item);
  });
  let pending: Pending | null = null;
  if (view.pending?.kind === 'choose-order') pending = { kind: 'choose-order', manager: view.pending.manager };
  else if (view.pending?.kind === 'discard') pending = { kind: 'discard', manager: view.pending.manager };
  // A pending choice cannot be rebuilt (where it resumes is hidden); callers decide those without simulating.
  return assemble({ at: view, seed, viewDefs: view.defs, extraDefs, cards, managers, stack, stackCards, pending, maxId, rebuild });
}

/** The opponent's hand as placeholders (hidden-deal.ts deals into them by these ids). */
export function hiddenHand(cards: Record<string, CardInstance>, m: ManagerId, count: number): string[] {
  return placeholderIds(cards, m, count, 'hand', hiddenHandId);
}

export function hiddenRoster(cards: Record<string, CardInstance>, m: ManagerId, count: number): string[] {
  return placeholderIds(cards, m, count, 'roster', hiddenRosterId);
}

function placeholderIds(
  cards: Record<string, CardInstance>,
  m: ManagerId,
  count: number,
  zone: 'hand' | 'roster',
  idOf: (m: ManagerId, i: number) => string,
): string[] {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const c = hidden(idOf(m, i), m, zone);
    cards[c.id] = c;
    ids.push(c.id);
  }
  return ids;
}

export function stackItem(item: StackItem): StackItem {
  return {
    id: item.id,
    controller: item.controller,
    source: item.source,
    sourceDef: item.sourceDef,
    kind: item.kind,
    ability: item.ability,
    targets: item.targets.slice(),
  };
}

/** The public scalars a determinisation copies: a view and a state both carry them under these names. */
type Header = Pick<
  GameView,
  'turn' | 'active' | 'first' | 'coinWinner' | 'phase' | 'priority' | 'windowOpen' | 'combat' | 'played' | 'starPlaced' | 'winner' | 'endReason' | 'seq'
> & { endCard?: CardRef | null };

/** The parts of a determinisation both builders make alike (determinise-sim.ts builds them from a state). */
export interface Parts {
  at: Header;
  seed: string | number;
  /** The definitions the view shows, in the view's order. */
  viewDefs: Record<string, CardDef>;
  extraDefs: Record<string, CardDef> | undefined;
  cards: Record<string, CardInstance>;
  managers: Record<ManagerId, ManagerState>;
  stack: StackItem[];
  stackCards: string[];
  pending: Pending | null;
  maxId: number;
  rebuild: Rebuild[];
}

export function assemble(p: Parts): GameState {
  const { at, seed, viewDefs } = p;
  const defs: Record<string, CardDef> = { ...(p.extraDefs ?? {}), ...viewDefs, [HIDDEN_DEF_ID]: HIDDEN_DEF };
  // Tokens a shown card can commission are named in its text but their definitions are only in the view
  // once one is on stage: stand in a plain 1/1 character token for any that is missing.
  for (const d of Object.values(viewDefs)) for (const t of commissioned(d)) if (!defs[t]) defs[t] = standInToken(t);
  const s: GameState = stateRecord({
    v: 1,
    seed: `sim:${seed}`,
    rng: seedRng(`sim:${seed}`),
    nextId: p.maxId + 1,
    defs,
    cards: p.cards,
    managers: p.managers,
    turn: at.turn,
    active: at.active,
    first: at.first,
    coinWinner: at.coinWinner,
    phase: at.phase,
    priority: at.priority,
    passes: 0,
    windowOpen: at.windowOpen,
    stack: p.stack,
    stackCards: p.stackCards,
    triggerQueue: [],
    pending: p.pending,
    combat: at.combat ? { attackers: at.combat.attackers.slice(), blocks: at.combat.blocks.map((b) => ({ ...b })), blocked: at.combat.blocked.slice() } : null,
    played: at.played,
    starPlaced: at.starPlaced,
    winner: at.winner,
    endReason: at.endReason,
    endCard: at.endCard ?? null,
    seq: at.seq,
  });
  for (const r of p.rebuild) rebuildMods(s, r);
  return s;
}
