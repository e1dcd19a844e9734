/** Compares an `expect` block with a state; returns one readable line per mismatch (none = pass). */
import { counterTotals, statsOf, type GameState, type ManagerId } from '../../src/index.js';
import { Aliases, describeId, RefError, resolveRef, zoneIds, type ZoneName } from './refs.js';
import type { Expect, ZoneExpect } from './scenario-schema.js';

const show = (v: unknown) => JSON.stringify(v);

/** Whether one expected entry (an alias or a def id) names this card. */
function matches(s: GameState, aliases: Aliases, want: string, id: string): boolean {
  if (aliases.has(want)) return aliases.idOf(want) === id;
  return s.cards[id]?.def === want;
}

function checkEntries(s: GameState, aliases: Aliases, wants: string[], where: string): string | null {
  for (const w of wants) if (!aliases.has(w) && !s.defs[w]) return `${where}: '${w}' is neither an alias nor a card id in this match`;
  return null;
}

/** Aliases first: each names one card, so matching them before def ids never steals a needed card. */
function unmatched(s: GameState, aliases: Aliases, wants: string[], ids: string[]): { missing: string[]; extra: string[] } {
  const left = ids.slice();
  const missing: string[] = [];
  const ordered = wants.filter((w) => aliases.has(w)).concat(wants.filter((w) => !aliases.has(w)));
  for (const w of ordered) {
    const i = left.findIndex((id) => matches(s, aliases, w, id));
    if (i < 0) missing.push(w);
    else left.splice(i, 1);
  }
  return { missing, extra: left.map((id) => describeId(s, aliases, id)) };
}

export function checkZone(s: GameState, aliases: Aliases, ids: string[], want: ZoneExpect, where: string): string | null {
  const got = `[${ids.map((id) => describeId(s, aliases, id)).join(', ')}]`;
  if (Array.isArray(want)) {
    const bad = checkEntries(s, aliases, want, where);
    if (bad) return bad;
    const ok = want.length === ids.length && want.every((w, i) => matches(s, aliases, w, ids[i]!));
    return ok ? null : `${where}: expected [${want.join(', ')}] in this order, got ${got}`;
  }
  const wants = 'cards' in want ? want.cards : want.contains;
  const bad = checkEntries(s, aliases, wants, where);
  if (bad) return bad;
  const { missing, extra } = unmatched(s, aliases, wants, ids);
  if ('cards' in want) {
    if (missing.length || extra.length)
      return `${where}: expected [${wants.join(', ')}] in any order, got ${got} (missing ${show(missing)}, extra ${show(extra)})`;
  } else if (missing.length) return `${where}: expected to contain [${wants.join(', ')}], got ${got} (missing ${show(missing)})`;
  return null;
}

function eq(out: string[], where: string, want: unknown, got: unknown): void {
  if (want !== undefined && show(want) !== show(got)) out.push(`${where}: expected ${show(want)}, got ${show(got)}`);
}

function keywordNames(k: Record<string, unknown>): string[] {
  return Object.entries(k)
    .filter(([, v]) => v !== undefined)
    .map(([n, v]) => (n === 'moderator' ? `moderator:${String(v)}` : n))
    .sort();
}

export function checkExpect(s: GameState, aliases: Aliases, e: Expect, label: string): string[] {
  const out: string[] = [];
  const at = (f: string) => `${label}.${f}`;
  eq(out, at('phase'), e.phase, s.phase);
  eq(out, at('turn'), e.turn, s.turn);
  eq(out, at('active'), e.active, s.active);
  eq(out, at('priority'), e.priority, s.priority);
  eq(out, at('first'), e.first, s.first);
  eq(out, at('coinWinner'), e.coinWinner, s.coinWinner);
  eq(out, at('winner'), e.winner, s.winner);
  eq(out, at('endReason'), e.endReason, s.endReason);
  eq(out, at('endCard'), e.endCard, s.endCard?.def ?? null);
  eq(out, at('stackSize'), e.stackSize, s.stack.length);
  eq(out, at('windowOpen'), e.windowOpen, s.windowOpen);
  eq(out, at('played'), e.played, s.played);
  eq(out, at('starPlaced'), e.starPlaced, s.starPlaced);
  if (e.pending !== undefined) {
    const got = s.pending ? { kind: s.pending.kind, manager: s.pending.manager } : null;
    const want = e.pending === null || typeof e.pending === 'object' ? e.pending : got && { kind: e.pending, manager: got.manager };
    if (show(want) !== show(got)) out.push(`${at('pending')}: expected ${show(e.pending)}, got ${show(got)}`);
  }
  if (e.attackers) {
    const r = checkZone(s, aliases, s.combat?.attackers ?? [], { cards: e.attackers, anyOrder: true }, at('attackers'));
    if (r) out.push(r);
  }
  for (const m of ['A', 'B'] as ManagerId[]) {
    const me = e[m];
    if (!me) continue;
    const ms = s.managers[m];
    const f = (x: string) => at(`${m}.${x}`);
    eq(out, f('sanity'), me.sanity, ms.sanity);
    eq(out, f('deckOuts'), me.deckOuts, ms.deckOuts);
    eq(out, f('availableStars'), me.availableStars, ms.availableStars);
    eq(out, f('mulligan'), me.mulligan, ms.mulligan);
    eq(out, f('handCount'), me.handCount, ms.hand.length);
    eq(out, f('rosterCount'), me.rosterCount, ms.roster.length);
    eq(out, f('graduationCount'), me.graduationCount, ms.graduation.length);
    eq(out, f('starPoolCount'), me.starPoolCount, ms.starPool.length);
    for (const z of ['roster', 'hand', 'centre', 'main', 'starPool', 'graduation', 'hiatus'] as ZoneName[]) {
      const want = me[z];
      if (want === undefined) continue;
      const r = checkZone(s, aliases, zoneIds(s, m, z), want, f(z));
      if (r) out.push(r);
    }
    if (me.backstage !== undefined) {
      const r = checkZone(s, aliases, ms.backstage ? [ms.backstage] : [], me.backstage === null ? [] : [me.backstage], f('backstage'));
      if (r) out.push(r);
    }
  }
  for (const [ref, ce] of Object.entries(e.cards ?? {})) {
    const f = (x: string) => at(`cards.${ref}.${x}`);
    if (aliases.idOf(ref) === '') {
      if (ce.zone !== 'gone') out.push(`${at(`cards.${ref}`)}: the card has left the game (a token), expected ${show(ce)}`);
      continue;
    }
    if (ref.startsWith('stack:')) {
      out.push(`${at(`cards.${ref}`)}: a stack: ref names a stack item, not a card; use the card's alias (zone "stack")`);
      continue;
    }
    let id: string;
    try {
      id = resolveRef(s, aliases, ref);
    } catch (err) {
      if (err instanceof RefError) {
        out.push(`${at(`cards.${ref}`)}: ${err.message}`);
        continue;
      }
      throw err;
    }
    const c = s.cards[id];
    if (!c) {
      out.push(`${at(`cards.${ref}`)}: no card with id ${id}`);
      continue;
    }
    eq(out, f('zone'), ce.zone, c.zone);
    eq(out, f('owner'), ce.owner, c.owner);
    eq(out, f('def'), ce.def, c.def);
    eq(out, f('tilted'), ce.tilted, c.tilted);
    eq(out, f('damage'), ce.damage, c.damage);
    eq(out, f('counters'), ce.counters, counterTotals(c));
    const onStage = c.zone === 'main' || c.zone === 'centre';
    eq(out, f('burnout'), ce.burnout, onStage && c.enteredTurn >= s.turn);
    if (ce.atk !== undefined || ce.hp !== undefined || ce.keywords !== undefined) {
      const st = statsOf(s, c);
      eq(out, f('atk'), ce.atk, st.atk);
      eq(out, f('hp'), ce.hp, st.hp);
      if (ce.keywords) eq(out, f('keywords'), ce.keywords.slice().sort(), keywordNames(st.keywords));
    }
    if (ce.attachedTo !== undefined) {
      let want: string | null = null;
      try {
        want = ce.attachedTo === null ? null : resolveRef(s, aliases, ce.attachedTo);
      } catch (err) {
        if (!(err instanceof RefError)) throw err;
        out.push(`${f('attachedTo')}: ${err.message}`);
      }
      if (want !== c.attachedTo)
        out.push(`${f('attachedTo')}: expected ${show(ce.attachedTo)}, got ${c.attachedTo ? describeId(s, aliases, c.attachedTo) : 'null'}`);
    }
  }
  return out;
}
