/**
 * Shared machinery for the property suite: the card pools to play with, a seeded random game runner, and
 * the invariant checks (legality, card conservation, JSON/replay determinism, hidden information).
 *
 * Determinism: every random choice comes from the engine's `makeRng` seeded by an integer that fast-check
 * draws with a fixed seed, so a run is the same on every machine and a failure names its game
 * ("[game cards/17, after step 68 ...]"). Replay it alone with `playRandomGame(REAL!, 17, { onDecide, onStep })`:
 * the game depends only on the pool and that number.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  actionKey,
  cloneState,
  createGame,
  deciders,
  hashState,
  isOffer,
  legalActions,
  makeRng,
  MANAGERS,
  other,
  realise,
  step,
  stepInPlace,
  type Accepted,
  type Action,
  type ActionType,
  type CardDef,
  type GameEvent,
  type GameState,
  type GameView,
  type Legal,
  type ManagerId,
  type MatchConfig,
  type Roster,
  type Viewer,
} from '../../src/index.js';
import { basicPool, basicRoster } from '../fixtures/basic-pool.js';

// ---------------------------------------------------------------------------------------------------------
// Pools

export interface PoolSpec {
  name: string;
  pool: Record<string, CardDef> | readonly CardDef[];
  /** Legal rosters; each game draws one for A and one for B. */
  rosters: Roster[];
}

export const FIXTURE: PoolSpec = { name: 'fixture', pool: basicPool, rosters: [basicRoster()] };

function normaliseRosters(r: unknown): Roster[] {
  if (!r) return [];
  const list = Array.isArray(r) ? r : Object.values(r as Record<string, unknown>);
  return list.filter((x): x is Roster => !!x && typeof x === 'object' && 'centre' in x && 'cards' in x);
}

/**
 * The real card set (cards/index.ts: `cardPool` and every starter roster, else the demo rosters) when it
 * exists. Every starter, so that the mechanics only some of them use (counters: anniversary-countdown) are
 * played too. A present but broken card set throws here on purpose: the suite should fail loudly rather than
 * quietly test less.
 */
async function loadRealPool(): Promise<PoolSpec | null> {
  const url = new URL('../../../../cards/index.ts', import.meta.url);
  if (!existsSync(fileURLToPath(url))) return null;
  const mod = (await import(/* @vite-ignore */ url.href)) as { cardPool?: unknown; demoRosters?: unknown; starterRosters?: unknown };
  if (!mod.cardPool) throw new Error('cards/index.ts exists but exports no cardPool');
  const rosters = normaliseRosters(mod.starterRosters ?? mod.demoRosters);
  if (rosters.length === 0) throw new Error('cards/index.ts exists but exports no demoRosters');
  return { name: 'cards', pool: mod.cardPool as PoolSpec['pool'], rosters };
}

export const REAL: PoolSpec | null = await loadRealPool();
/** Pools the suite plays: the fixture always, the real card set too once it exists. */
export const POOLS: PoolSpec[] = REAL ? [FIXTURE, REAL] : [FIXTURE];

/**
 * The suite is deterministic: fast-check always runs with seed 12345. For a deeper run by hand, scale the
 * number of games and pick another seed: `PROPERTY_SCALE=10 PROPERTY_SEED=7 npx vitest run packages/engine/test/property`.
 */
export const FC_SEED = Number(process.env.PROPERTY_SEED ?? 12345);
export const SCALE = Number(process.env.PROPERTY_SCALE ?? 1);
/** Games per pool for a file that plays `total` games in all. */
export const gamesPerPool = (total: number): number => Math.max(1, Math.ceil((SCALE * total) / POOLS.length));

// ---------------------------------------------------------------------------------------------------------
// Small utilities

export type Rng = () => number;
export const randInt = (rng: Rng, n: number): number => Math.floor(rng() * n);
export const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[randInt(rng, xs.length)]!;
export function shuffle<T>(rng: Rng, xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = randInt(rng, i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

export class PropertyFailure extends Error {}
export function fail(msg: string, ctx?: unknown): never {
  throw new PropertyFailure(ctx === undefined ? msg : `${msg}\n${JSON.stringify(ctx, null, 1).slice(0, 4000)}`);
}

// ---------------------------------------------------------------------------------------------------------
// The random game runner

/** What the policy is about to do. `state` is the state before the action and is not yet changed. */
export interface DecideInfo {
  index: number;
  who: ManagerId;
  /** Legal actions of `who` in `state` (concede included); declarations as offers. */
  legal: Legal[];
  state: GameState;
  action: Action;
  /** For the checks' own random choices (separate from the policy, so a game depends only on its seed). */
  rng: Rng;
}

/** What an action did. */
export interface StepInfo {
  index: number;
  who: ManagerId;
  action: Action;
  /** The state before the action; null with door 'inPlace' (the same object was changed into `after`). */
  before: GameState | null;
  after: GameState;
  events: GameEvent[];
  rng: Rng;
}

export interface GameOptions {
  /**
   * 'step' (default): the public door, a new state every action. 'inPlace': `stepInPlace`, several times
   * faster; the determinism property checks that both doors agree hash for hash.
   */
  door?: 'step' | 'inPlace';
  /** Probability that this game ends with a concession at a random step. */
  concedeRate?: number;
  maxSteps?: number;
  onStart?: (s: GameState, events: GameEvent[], cfg: MatchConfig) => void;
  /** Before each action (the state is untouched): for checks that need the state before. */
  onDecide?: (info: DecideInfo) => void;
  onStep?: (info: StepInfo) => void;
  /** Record hashState after every step (for replay checks; about 0.2 ms each). */
  recordHashes?: boolean;
}

export interface GameRecord {
  gameSeed: number;
  cfg: MatchConfig;
  initialHash: string;
  actions: Action[];
  hashes: string[];
  final: GameState;
  conceded: ManagerId | null;
}

export function configFor(spec: PoolSpec, gameSeed: number): MatchConfig {
  const rng = makeRng(`cfg-${gameSeed}`);
  return { seed: `prop-${spec.name}-${gameSeed}`, pool: spec.pool, rosters: { A: pick(rng, spec.rosters), B: pick(rng, spec.rosters) } };
}

const MAX_STEPS = 20_000;

/**
 * One random full game. Policy: `who = deciders(state)[0]`, uniform over `legalActions(state, who)` minus
 * 'concede', an offered declaration answered by a uniformly random legal one (`realise`); with probability `concedeRate` a random manager (the decider or not: RUL-END-3 allows it at any
 * time) concedes at a random step instead. Every chosen action must be accepted, and nothing may throw.
 */
export function playRandomGame(spec: PoolSpec, gameSeed: number, opts: GameOptions = {}): GameRecord {
  const cfg = configFor(spec, gameSeed);
  const created = createGame(cfg);
  if (!created.ok) fail(`createGame failed for ${spec.name}: ${created.message}`);
  const rng = makeRng(`policy-${gameSeed}`);
  const checkRng = makeRng(`check-${gameSeed}`);
  const concedeAt = rng() < (opts.concedeRate ?? 0) ? randInt(rng, 400) : -1;
  const inPlace = opts.door === 'inPlace';
  let s = created.state;
  opts.onStart?.(s, created.events, cfg);
  const rec: GameRecord = { gameSeed, cfg, initialHash: hashState(s), actions: [], hashes: [], final: s, conceded: null };
  const maxSteps = opts.maxSteps ?? MAX_STEPS;
  for (let i = 0; s.phase !== 'game-over'; i++) {
    if (i >= maxSteps) fail(`game ${spec.name}/${gameSeed} did not end within ${maxSteps} actions (turn ${s.turn}, phase ${s.phase})`);
    const ds = deciders(s);
    if (ds.length === 0) fail(`game ${spec.name}/${gameSeed}: nobody to decide at step ${i} (phase ${s.phase})`);
    const who = ds[0]!;
    const legal = legalActions(s, who);
    const choices = legal.filter((a) => a.type !== 'concede');
    if (choices.length === 0) fail(`game ${spec.name}/${gameSeed}: decider ${who} has no action but concede at step ${i} (phase ${s.phase})`, s.pending);
    let action: Action;
    if (i === concedeAt) {
      const m = pick(rng, MANAGERS);
      action = { type: 'concede', manager: m };
      rec.conceded = m;
    } else action = realise(pick(rng, choices), rng);
    opts.onDecide?.({ index: i, who, legal, state: s, action, rng: checkRng });
    let r: ReturnType<typeof stepInPlace> | ReturnType<typeof step>;
    try {
      r = inPlace ? stepInPlace(s, action) : step(s, action);
    } catch (e) {
      fail(`game ${spec.name}/${gameSeed} step ${i}: the door threw ${(e as Error).stack}`, action);
    }
    if (!r.ok) fail(`game ${spec.name}/${gameSeed} step ${i}: listed action rejected: ${r.code}: ${r.message}`, action);
    const after = inPlace ? s : (r as Accepted).state;
    opts.onStep?.({ index: i, who, action, before: inPlace ? null : s, after, events: r.events, rng: checkRng });
    rec.actions.push(action);
    s = after;
    if (opts.recordHashes) rec.hashes.push(hashState(s));
  }
  rec.final = s;
  if (rec.conceded && (s.endReason !== 'concede' || s.winner !== other(rec.conceded)))
    fail(`game ${spec.name}/${gameSeed}: ${rec.conceded} conceded but winner=${s.winner} reason=${s.endReason} (RUL-END-3)`);
  return rec;
}

// ---------------------------------------------------------------------------------------------------------
// (a) legality: listed actions apply; unlisted actions are rejected

export const ACTION_TYPES: ActionType[] = [
  'mulligan',
  'choose-order',
  'pass',
  'place-star',
  'tilt-star',
  'play',
  'activate',
  'declare-attackers',
  'declare-blocks',
  'discard',
  'choose',
  'concede',
];

/** Every id a mutated action could name: live cards (hidden ones included), stack items, stale ids, managers. */
export function idPool(s: GameState, stale: readonly string[]): string[] {
  return [...Object.keys(s.cards), ...s.stack.map((i) => i.id), ...stale, 'A', 'B', 'c0', 's1'];
}

function someIds(rng: Rng, pool: readonly string[], max: number): string[] {
  const n = randInt(rng, max + 1);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(pick(rng, pool));
  return out;
}

/** A well-formed action of a given type with random fields. */
export function randomAction(rng: Rng, type: ActionType, manager: ManagerId, pool: readonly string[]): Action {
  const card = () => pick(rng, pool);
  switch (type) {
    case 'mulligan':
      return { type, manager, redraw: rng() < 0.5 };
    case 'choose-order':
      return { type, manager, goFirst: rng() < 0.5 };
    case 'pass':
    case 'concede':
      return { type, manager };
    case 'place-star':
    case 'tilt-star':
    case 'discard':
      return { type, manager, card: card() };
    case 'play':
      return { type, manager, card: card(), targets: someIds(rng, pool, 2) };
    case 'activate':
      return { type, manager, card: card(), ability: randInt(rng, 4), targets: someIds(rng, pool, 2), costCards: someIds(rng, pool, 2) };
    case 'declare-attackers':
      return { type, manager, attackers: someIds(rng, pool, 3) };
    case 'declare-blocks':
      return { type, manager, blocks: someIds(rng, pool, 3).map((blocker) => ({ blocker, attacker: card() })) };
    case 'choose':
      return { type, manager, option: randInt(rng, 7) };
  }
}

/**
 * A near miss of a legal action (or a random one): wrong manager, wrong card, wrong type, wrong targets...
 * A mutation that finds nothing to change in its base (a pass has no card and no targets) tries another
 * type for the same manager instead of checking the listed base again: with a priority window in every
 * phase (RUL-STACK-5) most bases are passes.
 */
export function mutateAction(rng: Rng, base: Action | undefined, pool: readonly string[]): Action {
  const m = nearMiss(rng, base, pool);
  return base && JSON.stringify(m) === JSON.stringify(base) ? randomAction(rng, pick(rng, ACTION_TYPES), base.manager, pool) : m;
}

function nearMiss(rng: Rng, base: Action | undefined, pool: readonly string[]): Action {
  if (!base || rng() < 0.2) return randomAction(rng, pick(rng, ACTION_TYPES), pick(rng, MANAGERS), pool);
  const a = structuredClone(base) as Action & Record<string, unknown>;
  switch (randInt(rng, 7)) {
    case 0:
      a.manager = other(a.manager);
      return a;
    case 1: {
      // Another type with the same fields where they fit: "wrong phase" actions.
      const t = pick(rng, ACTION_TYPES);
      const r = randomAction(rng, t, a.manager, pool) as Action & Record<string, unknown>;
      for (const k of Object.keys(r)) if (k !== 'type' && k in a && typeof a[k] === typeof r[k]) r[k] = a[k];
      return r;
    }
    case 2:
      if ('card' in a && rng() < 0.7) a.card = pick(rng, pool);
      if (a.type === 'declare-attackers') a.attackers = a.attackers.map((x) => (rng() < 0.5 ? pick(rng, pool) : x));
      if (a.type === 'declare-blocks') for (const b of a.blocks) b[rng() < 0.5 ? 'blocker' : 'attacker'] = pick(rng, pool);
      return a;
    case 3:
      if ('targets' in a) a.targets = someIds(rng, pool, 2);
      else if ('card' in a) a.card = pick(rng, pool);
      return a;
    case 4:
      if (a.type === 'activate') {
        if (rng() < 0.5) a.ability = randInt(rng, 4);
        else a.costCards = someIds(rng, pool, 2);
      } else if (a.type === 'choose') a.option = Math.max(0, a.option + pick(rng, [-1, 1, 2, 5]));
      else if (a.type === 'mulligan') a.redraw = !a.redraw;
      else if (a.type === 'choose-order') a.goFirst = !a.goFirst;
      else if (Array.isArray(a.targets)) a.targets = [...(a.targets as string[])].reverse().concat(rng() < 0.5 ? [pick(rng, pool)] : []);
      return a;
    case 5:
      if (Array.isArray(a.targets) && a.targets.length) a.targets = a.targets.slice(1);
      else if ('card' in a) a.card = pick(rng, pool);
      return a;
    default:
      return randomAction(rng, a.type, rng() < 0.5 ? a.manager : other(a.manager), pool);
  }
}

export const keySet = (xs: readonly Legal[]): Set<string> => new Set(xs.flatMap((x) => (isOffer(x) ? [] : [actionKey(x)])));

// ---------------------------------------------------------------------------------------------------------
// (b) card conservation

const ZONE_LISTS = [
  ['roster', 'roster'],
  ['hand', 'hand'],
  ['centre', 'centre'],
  ['main', 'main'],
  ['starPool', 'star-pool'],
  ['graduation', 'graduation'],
  ['hiatus', 'hiatus'],
] as const;

/** Multiset of printed cards a roster brings (the Centre included). */
export function rosterDefCounts(r: Roster): Map<string, number> {
  const m = new Map<string, number>();
  for (const d of r.cards) m.set(d, (m.get(d) ?? 0) + 1);
  return m;
}

/**
 * Each manager's 30 cards are in exactly one place each; every id in a zone list is a card in `cards` whose
 * zone and owner match; no card is outside every list; tokens only on stage and apart from the 30.
 */
export function checkConservation(s: GameState, rosters: Record<ManagerId, Roster>): void {
  const seen = new Map<string, string>();
  const place = (id: string, where: string, zone: string, owner: ManagerId | null) => {
    const prev = seen.get(id);
    if (prev) fail(`card ${id} is in two places: ${prev} and ${where}`);
    seen.set(id, where);
    const c = s.cards[id];
    if (!c) fail(`${where} lists ${id} but there is no such card in state.cards`);
    if (c.id !== id) fail(`state.cards[${id}].id is ${c.id}`);
    if (c.zone !== zone) fail(`card ${id} (${c.def}) is listed in ${where} but its zone field says ${c.zone}`);
    if (owner && c.owner !== owner) fail(`card ${id} (${c.def}) of ${c.owner} is listed in ${where}`);
  };
  for (const m of MANAGERS) {
    const ms = s.managers[m];
    for (const [key, zone] of ZONE_LISTS) for (const id of ms[key]) place(id, `${m}.${key}`, zone, m);
    if (ms.backstage !== null) place(ms.backstage, `${m}.backstage`, 'backstage', m);
  }
  for (const id of s.stackCards) place(id, 'stackCards', 'stack', null);
  for (const id in s.cards) if (!seen.has(id)) fail(`card ${id} (${s.cards[id]!.def}, zone ${s.cards[id]!.zone}) is in no zone list`);
  for (const m of MANAGERS) {
    const want = rosterDefCounts(rosters[m]);
    const have = new Map<string, number>();
    let n = 0;
    for (const id in s.cards) {
      const c = s.cards[id]!;
      if (c.owner !== m) continue;
      if (c.token) {
        if (c.zone !== 'main' && c.zone !== 'centre') fail(`token ${id} (${c.def}) is in ${c.zone}; tokens only exist on stage (RUL-ZONE-1)`);
        continue;
      }
      n++;
      have.set(c.def, (have.get(c.def) ?? 0) + 1);
    }
    if (n !== 30) fail(`manager ${m} has ${n} cards, not 30`);
    for (const [d, k] of want) if (have.get(d) !== k) fail(`manager ${m} should own ${k} × ${d}, owns ${have.get(d) ?? 0}`);
  }
  // References between cards stay inside the state.
  for (const id in s.cards) {
    const c = s.cards[id]!;
    if (c.attachedTo !== null) {
      const t = s.cards[c.attachedTo];
      if (!t || (t.zone !== 'main' && t.zone !== 'centre')) fail(`asset ${id} is attached to ${c.attachedTo}, which is not on stage`);
    }
  }
  if (s.combat) for (const a of s.combat.attackers) if (!s.cards[a]) fail(`combat lists attacker ${a}, which does not exist`);
}

// ---------------------------------------------------------------------------------------------------------
// (c) plain JSON

/** The state is plain JSON: no undefined, NaN, Infinity, functions, Maps, Sets, class instances, cycles. */
export function checkPlainJson(v: unknown, path = 'state', depth = 0): void {
  if (depth > 40) fail(`${path}: nested too deeply (a cycle?)`);
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return;
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) fail(`${path} is ${v}`);
    return;
  }
  if (Array.isArray(v)) {
    v.forEach((x, i) => checkPlainJson(x, `${path}[${i}]`, depth + 1));
    return;
  }
  if (typeof v === 'object') {
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) fail(`${path} is not a plain object`);
    for (const [k, x] of Object.entries(v)) checkPlainJson(x, `${path}.${k}`, depth + 1);
    return;
  }
  fail(`${path} has type ${typeof v}`);
}

// ---------------------------------------------------------------------------------------------------------
// (d) hidden information

/** Ids a viewer must never see: every roster card, and the hands of managers other than the viewer. */
export function hiddenIds(s: GameState, viewer: Viewer): Set<string> {
  const out = new Set<string>();
  for (const m of MANAGERS) {
    for (const id of s.managers[m].roster) out.add(id);
    if (m !== viewer) for (const id of s.managers[m].hand) out.add(id);
  }
  // A search / look-at-top shows its chooser the roster cards it found (the option's `cards`).
  const p = s.pending;
  if (p?.kind === 'choice' && p.manager === viewer)
    for (const o of p.options) for (const id of [...(o.cards ?? []), ...(o.take ? [o.take] : [])]) out.delete(id);
  return out;
}

/** Every card definition a view shows on a card (all zones, the stack). */
export function defsShown(v: GameView): Set<string> {
  const out = new Set<string>();
  for (const m of MANAGERS) {
    const mv = v.managers[m];
    for (const c of [...(mv.hand ?? []), ...(mv.backstage ? [mv.backstage] : []), ...mv.centre, ...mv.main, ...mv.starPool, ...mv.graduation, ...mv.hiatus])
      out.add(c.def);
  }
  for (const i of v.stack) {
    out.add(i.sourceDef);
    if (i.card) out.add(i.card.def);
  }
  return out;
}

/** Definitions a viewer learns from their projected events (cards moving to or from public zones, stack items). */
export function defsInEvents(events: readonly GameEvent[]): Set<string> {
  const out = new Set<string>();
  for (const e of events) {
    if (e.t === 'move' && e.def) out.add(e.def);
    if (e.t === 'stack-push') out.add(e.item.sourceDef);
  }
  return out;
}

/** The strings, numbers and object keys of a JSON value: what a leak check looks for, in one walk. */
export interface JsonIndex {
  strings: Set<string>;
  numbers: Set<number>;
  keys: Set<string>;
}

export function indexJson(v: unknown, into: JsonIndex = { strings: new Set(), numbers: new Set(), keys: new Set() }): JsonIndex {
  if (typeof v === 'string') into.strings.add(v);
  else if (typeof v === 'number') into.numbers.add(v);
  else if (Array.isArray(v)) for (const x of v) indexJson(x, into);
  else if (v && typeof v === 'object')
    for (const k in v) {
      into.keys.add(k);
      indexJson((v as Record<string, unknown>)[k], into);
    }
  return into;
}

export interface LeakCheck {
  what: string;
  /** The JSON value a viewer receives (a view, a list of projected events). */
  index: JsonIndex;
  ids: Set<string>;
  /** Definitions of hidden cards (those also in visibleDefs are legitimately known and skipped). */
  defs: Set<string>;
  visibleDefs: Set<string>;
}

/**
 * Ids and definition ids must not appear as any string; a hidden name must not appear inside any string
 * except within a visible name that contains it (a hidden "Ame" inside a visible "Ame Watson" is fine).
 */
export function checkNoLeak(s: GameState, c: LeakCheck): void {
  const { strings, numbers, keys } = c.index;
  for (const id of c.ids) if (strings.has(id)) fail(`${c.what} contains the hidden card id ${id} (${s.cards[id]?.def} in ${s.cards[id]?.zone})`);
  let visibleNames: string[] | null = null;
  for (const d of c.defs) {
    if (c.visibleDefs.has(d)) continue;
    if (strings.has(d) || keys.has(d)) fail(`${c.what} contains the definition id of a hidden card: ${d}`);
    const name = s.defs[d]?.name;
    if (!name) continue;
    visibleNames ??= [...c.visibleDefs].map((v) => s.defs[v]?.name).filter((x): x is string => !!x);
    if (visibleNames.includes(name)) continue;
    for (const str of strings) {
      if (!str.includes(name)) continue;
      let rest = str;
      for (const v of visibleNames) if (v.includes(name)) rest = rest.split(v).join('');
      if (rest.includes(name)) fail(`${c.what} contains the name of a hidden card: ${name} (in "${str}")`);
    }
  }
  for (const n of s.rng) {
    if (numbers.has(n)) fail(`${c.what} contains an RNG state number ${n}`);
    for (const str of strings) if (str.includes(String(n))) fail(`${c.what} contains an RNG state number ${n} in "${str}"`);
  }
  for (const key of ['rng', 'nextId', 'seed', 'roster', 'triggerQueue', 'resume']) if (keys.has(key)) fail(`${c.what} contains the key ${key}`);
  if (strings.has(s.seed)) fail(`${c.what} contains the match seed`);
}

/**
 * Hidden information cannot change a view: shuffle every roster, and give the cards the viewer cannot see
 * (rosters, the other hands) each other's definitions. The projection must be byte-for-byte the same.
 * `permuteDefs` is off for pools whose public effects legitimately depend on hidden contents (conditions
 * counting filtered cards in a hand or roster).
 */
export function scrambleHidden(s: GameState, viewer: Viewer, rng: Rng, permuteDefs: boolean): GameState {
  const t = cloneState(s);
  const p = s.pending;
  const shownToViewer = new Set<string>();
  if (p?.kind === 'choice' && p.manager === viewer) for (const o of p.options) for (const id of o.cards ?? []) shownToViewer.add(id);
  for (const m of MANAGERS) {
    const ms = t.managers[m];
    shuffle(rng, ms.roster);
    if (!permuteDefs) continue;
    const hidden = ms.roster.filter((id) => !shownToViewer.has(id));
    if (m !== viewer) hidden.push(...ms.hand);
    const defs = shuffle(
      rng,
      hidden.map((id) => t.cards[id]!.def),
    );
    hidden.forEach((id, i) => (t.cards[id]!.def = defs[i]!));
  }
  return t;
}

/** Whether a pool's public effects may depend on which cards are in a hand or roster (not just how many). */
export function hiddenContentsMatter(s: GameState): boolean {
  const text = JSON.stringify(s.defs);
  return /"zone":"(hand|roster)"[^}]*"filter"|"filter"[^}]*"zone":"(hand|roster)"/.test(text);
}

export const VIEWERS: Viewer[] = ['A', 'B', 'spectator'];

/** Structural rule for a projected move event: hidden ends hide the id on that end, both hidden hide the definition. */
export function checkMoveEvent(raw: Extract<GameEvent, { t: 'move' }>, seen: GameEvent, viewer: Viewer): void {
  const vis = (loc: string) => loc !== 'roster' && (loc !== 'hand' || viewer === raw.owner);
  const e = seen as Extract<GameEvent, { t: 'move' }>;
  if (!vis(raw.from) && e.card !== '') fail(`move event ${raw.from}→${raw.to} shows the old id to ${viewer}`, e);
  if (!vis(raw.to) && e.newId !== '') fail(`move event ${raw.from}→${raw.to} shows the new id to ${viewer}`, e);
  if (!vis(raw.from) && !vis(raw.to) && e.def !== '') fail(`move event ${raw.from}→${raw.to} shows the definition to ${viewer}`, e);
}
