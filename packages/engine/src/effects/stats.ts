/**
 * Current ATK, HP and keywords: printed values, then lasting modifiers on the card, then static abilities
 * (auras from events, leaders and equipped assets) of cards on stage whose conditions hold.
 */
import type { Keyword, Keywords, StaticEffect } from '../cards/schema.js';
import { defOf, onStage } from '../core/query.js';
import { live, stageIndex, type StageIndex } from '../core/stage-index.js';
import type { CardInstance, GameState } from '../core/types.js';
import { countersOf } from '../zones/counters.js';
import { evalCondition } from './conditions.js';
import { matchesPrintedFilter } from './printed-filter.js';

interface Aura {
  source: CardInstance;
  effect: StaticEffect;
}

const NONE: Aura[] = [];

export function auras(s: GameState): Aura[] {
  if (memo && memo.s === s) return (memo.auras ??= computeAuras(s));
  return computeAuras(s);
}

function computeAuras(s: GameState): Aura[] {
  const index = stageIndex(s);
  const src = index.statics;
  if (src.length === 0) return NONE;
  // Auras of statics without conditions change only with the stage, so they are kept with its index.
  if (index.unconditional) {
    const kept = index.auras as Aura[] | undefined;
    if (kept && sameSources(s, kept)) return kept;
    return (index.auras = collectAuras(s, src));
  }
  return collectAuras(s, src);
}

function sameSources(s: GameState, list: readonly Aura[]): boolean {
  for (const a of list) if (s.cards[a.source.id] !== a.source) return false;
  return true;
}

function collectAuras(s: GameState, src: StageIndex['statics']): Aura[] {
  let out = NONE;
  for (const { id, ability } of src) {
    const c = live(s, id);
    if (!c) continue;
    if (ability.condition && !evalCondition(s, ability.condition, c.owner, c.id)) continue;
    if (out === NONE) out = [];
    out.push({ source: c, effect: ability.effect });
  }
  return out;
}

/** Whether a static effect's selector covers a card. Filters here use printed values to avoid loops. */
function covers(s: GameState, aura: Aura, target: CardInstance): boolean {
  const what = aura.effect.kind === 'extra-plays' ? null : aura.effect.what;
  if (!what) return false;
  switch (what.ref) {
    case 'self':
      return aura.source.id === target.id;
    case 'equipped':
      return aura.source.attachedTo === target.id;
    case 'each': {
      if (!onStage(target)) return false;
      if (what.side === 'you' && target.owner !== aura.source.owner) return false;
      if (what.side === 'opponent' && target.owner === aura.source.owner) return false;
      return matchesPrintedFilter(s, target, what.filter, aura.source.id);
    }
    case 'target':
      return false;
  }
}

export interface Stats {
  atk: number;
  hp: number;
  keywords: Keywords;
}

const NO_KEYWORDS: Keywords = {};

/**
 * While legal actions are listed nothing changes, so stats can be remembered per card for that call only
 * (`withStatsMemo`). Outside such a call every read recomputes. `stars`: each seat's potential stars (A, then
 * B), -1 until counted.
 */
let memo: { s: GameState; stats: Map<CardInstance, Stats> | null; auras: Aura[] | undefined; stars: [number, number] } | null = null;

/** The memo of the read-only call in progress for this state, if any (other derived figures keep theirs here). */
export function listingMemo(s: GameState): { stars: [number, number] } | null {
  return memo && memo.s === s ? memo : null;
}

export function withStatsMemo<T>(s: GameState, fn: () => T): T {
  if (memo) return fn();
  memo = { s, stats: null, auras: undefined, stars: [-1, -1] };
  try {
    return fn();
  } finally {
    memo = null;
  }
}

export function statsOf(s: GameState, c: CardInstance): Stats {
  if (memo && memo.s === s) {
    const stats = (memo.stats ??= new Map());
    let st = stats.get(c);
    if (!st) stats.set(c, (st = computeStats(s, c)));
    return st;
  }
  return computeStats(s, c);
}

function computeStats(s: GameState, c: CardInstance): Stats {
  const d = defOf(s, c);
  let atk = d.atk ?? 0;
  let hp = d.hp ?? 0;
  const all = auras(s);
  // Fast path: nothing changes the printed card (the common case in most positions).
  if (all.length === 0 && c.mods.length === 0) return { atk, hp, keywords: d.keywords ?? NO_KEYWORDS };
  // The printed keywords are shared until an aura or modifier changes one; only then are they copied.
  let kw = (d.keywords ?? NO_KEYWORDS) as Record<string, number | true | undefined>;
  let own = false;
  for (const a of all) {
    if (!covers(s, a, c)) continue;
    const e = a.effect;
    if (e.kind === 'stats') {
      const k = e.perCounter ? countersOf(a.source, e.perCounter) : 1;
      atk += (e.atk ?? 0) * k;
      hp += (e.hp ?? 0) * k;
    } else if (e.kind === 'keyword') {
      if (!own) {
        kw = { ...kw };
        own = true;
      }
      kw[e.keyword] = e.keyword === 'moderator' ? Math.max(Number(kw.moderator ?? 0), e.x ?? 1) : true;
    }
  }
  for (const m of c.mods) {
    atk += m.atk ?? 0;
    hp += m.hp ?? 0;
    if (m.keyword) {
      if (!own) {
        kw = { ...kw };
        own = true;
      }
      if (m.remove) delete kw[m.keyword];
      else kw[m.keyword] = m.keyword === 'moderator' ? Math.max(Number(kw.moderator ?? 0), m.x ?? 1) : true;
    }
  }
  return { atk: Math.max(0, atk), hp, keywords: kw as Keywords };
}

function keywordsTouched(s: GameState, c: CardInstance): boolean {
  for (const m of c.mods) if (m.keyword) return true;
  for (const a of auras(s)) if (a.effect.kind === 'keyword') return true;
  return false;
}

/**
 * Whether the card has keyword `k` now: the same answer as `statsOf(...).keywords[k]`, worked out for that
 * keyword alone (printed, then auras granting it, then the card's modifiers in order, the last one deciding),
 * so combat's many keyword questions do not compute whole stats outside a listing.
 */
export function hasKeyword(s: GameState, c: CardInstance, k: Keyword): boolean {
  let has = defOf(s, c).keywords?.[k] !== undefined;
  if (!has)
    for (const a of auras(s)) {
      const e = a.effect;
      if (e.kind === 'keyword' && e.keyword === k && covers(s, a, c)) {
        has = true;
        break;
      }
    }
  for (const m of c.mods) if (m.keyword === k) has = !m.remove;
  return has;
}

/** Moderator X: how many attackers this character may block (1 for everyone else). RUL-COMBAT-2. */
export function blockCapacity(s: GameState, c: CardInstance): number {
  if (!keywordsTouched(s, c)) return defOf(s, c).keywords?.moderator ?? 1;
  return statsOf(s, c).keywords.moderator ?? 1;
}

/** Whether any aura on stage lowers HP (then any character's HP may be below its printed value). */
export function anyHpLoweringAura(s: GameState): boolean {
  for (const a of auras(s)) if (a.effect.kind === 'stats' && (a.effect.hp ?? 0) < 0) return true;
  return false;
}

export function hpLoweredByMods(c: CardInstance): boolean {
  for (const m of c.mods) if ((m.hp ?? 0) < 0) return true;
  return false;
}

/** RUL-TURN-4: 3 plays per Main Phase, plus any extra-plays statics of the manager's cards. */
export function playLimit(s: GameState, m: 'A' | 'B'): number {
  let n = 3;
  for (const a of auras(s)) if (a.effect.kind === 'extra-plays' && a.source.owner === m) n += a.effect.amount;
  return n;
}
