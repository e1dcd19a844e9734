/**
 * The solver's choices at a state: the engine's legal actions made concrete and distinct. Offers become every
 * legal declaration (each checked by the engine's own attackProblems / blockProblems); two actions that differ
 * only by which of two interchangeable cards they name (same definition in the same state) count once. Left
 * out: concede (never helps the one who sends it, and a defender who concedes is not defending) and manual
 * star tilts (PR-5: a play pays by tilting automatically and gives back what it did not need, so a tilt by
 * hand reaches nothing a play cannot).
 */
import {
  attackProblems,
  blockProblems,
  counterTotals,
  isOffer,
  legalActions,
  type Action,
  type AttackOffer,
  type BlockOffer,
  type GameState,
  type ManagerId,
} from '@vroyale/engine';

/** Declarations past this many at one decision make the node unknown rather than guessed. */
export const MAX_DECLARATIONS = 1024;

export class TooManyChoices extends Error {}

/** Per state: which assets each card carries, and each card's signature, worked out once per state. */
const cache = new WeakMap<GameState, { attached: Map<string, string[]>; sigs: Map<string, string> }>();

function cacheOf(s: GameState) {
  let c = cache.get(s);
  if (!c) {
    const attached = new Map<string, string[]>();
    for (const x of Object.values(s.cards)) if (x.attachedTo) attached.set(x.attachedTo, [...(attached.get(x.attachedTo) ?? []), x.def]);
    cache.set(s, (c = { attached, sigs: new Map() }));
  }
  return c;
}

/** What tells a card apart from its copies, as far as the rules can see. */
export function cardSignature(s: GameState, id: string): string {
  const memo = cacheOf(s);
  const known = memo.sigs.get(id);
  if (known !== undefined) return known;
  const c = s.cards[id];
  let sig: string;
  if (!c) sig = `?${id}`;
  else if (c.zone === 'hand' || c.zone === 'roster' || c.zone === 'graduation') sig = `${c.owner}:${c.zone}:${c.def}`;
  else {
    const attached = (memo.attached.get(id) ?? []).sort().join('+');
    const fresh = c.enteredTurn >= s.turn ? 'new' : 'old';
    const counters = JSON.stringify(counterTotals(c));
    const host = c.attachedTo ? cardSignature(s, c.attachedTo) : '';
    sig = `${c.owner}:${c.zone}:${c.def}:${c.tilted ? 't' : 'u'}:${c.damage}:${fresh}:${counters}:${JSON.stringify(c.mods)}:${c.used.join(',')}:${host}:${attached}:${c.banned ? 'b' : ''}:${c.returnsFromHiatus ? 'r' : ''}`;
  }
  memo.sigs.set(id, sig);
  return sig;
}

/** A key that is equal for two actions exactly when they name interchangeable cards in the same roles. */
export function choiceKey(s: GameState, a: Action): string {
  const sig = (id: string) => (id === 'A' || id === 'B' ? id : cardSignature(s, id));
  switch (a.type) {
    case 'play':
      return `play|${sig(a.card)}|${a.targets.map(sig).join(',')}`;
    case 'activate':
      return `activate|${sig(a.card)}|${a.ability}|${a.targets.map(sig).join(',')}|${a.costCards.map(sig).sort().join(',')}`;
    case 'discard':
    case 'place-star':
    case 'tilt-star':
      return `${a.type}|${sig(a.card)}`;
    case 'declare-attackers':
      return `attack|${a.attackers.map(sig).sort().join(',')}`;
    case 'declare-blocks': {
      // Grouped by attacker: two blockers on one attacker differ from one on each of two identical attackers.
      const by = new Map<string, string[]>();
      for (const b of a.blocks) by.set(b.attacker, [...(by.get(b.attacker) ?? []), sig(b.blocker)]);
      return `block|${[...by]
        .map(([at, bl]) => `${sig(at)}<${bl.sort().join('+')}`)
        .sort()
        .join(',')}`;
    }
    default:
      return JSON.stringify(a);
  }
}

/**
 * Every subset of the eligible attackers, one per multiset of interchangeable cards (so n copies give n + 1
 * declarations, not 2^n); most attackers first.
 */
function attackDeclarations(s: GameState, o: AttackOffer): Action[] {
  const groups = new Map<string, string[]>();
  for (const e of o.eligible) {
    const k = cardSignature(s, e.id);
    groups.set(k, [...(groups.get(k) ?? []), e.id]);
  }
  const lists = [...groups.values()];
  let total = 1;
  for (const g of lists) total *= g.length + 1;
  if (total > MAX_DECLARATIONS) throw new TooManyChoices(`${total} attack declarations`);
  const out: Action[] = [];
  const rec = (j: number, acc: string[]) => {
    if (j === lists.length) {
      if (attackProblems(o, acc).length === 0) out.push({ type: 'declare-attackers', manager: o.manager, attackers: acc.slice() });
      return;
    }
    const g = lists[j]!;
    for (let k = g.length; k >= 0; k--) rec(j + 1, [...acc, ...g.slice(0, k)]);
  };
  rec(0, []);
  return out.sort((x, y) => (y as { attackers: string[] }).attackers.length - (x as { attackers: string[] }).attackers.length);
}

/** Every legal block assignment (a blocker blocks nothing or up to its capacity of attackers); most blocks first. */
function blockDeclarations(s: GameState, o: BlockOffer): Action[] {
  // Interchangeable blockers (same signature) take their options in non-decreasing order: one assignment per multiset.
  const blockers = o.blockers.map((b) => ({ b, sig: cardSignature(s, b.id) })).sort((x, y) => (x.sig < y.sig ? -1 : x.sig > y.sig ? 1 : 0));
  const sigs = blockers.map((x) => x.sig);
  const per: number[][][] = blockers.map(({ b }) => {
    const opts: number[][] = [[]];
    const rec = (start: number, acc: number[]) => {
      for (let i = start; i < o.attackers.length; i++) {
        acc.push(i);
        opts.push(acc.slice());
        if (acc.length < b.capacity) rec(i + 1, acc);
        acc.pop();
      }
    };
    rec(0, []);
    return opts;
  });
  let total = 1;
  for (const p of per) total *= p.length;
  if (total > MAX_DECLARATIONS * 16) throw new TooManyChoices(`${total} block assignments`);
  const out: Action[] = [];
  const pick: number[] = [];
  let leaves = 0;
  const rec = (j: number) => {
    if (j === blockers.length) {
      if (++leaves > MAX_DECLARATIONS) throw new TooManyChoices(`over ${MAX_DECLARATIONS} block assignments`);
      const blocks = pick.flatMap((k, b) => per[b]![k]!.map((i) => ({ blocker: blockers[b]!.b.id, attacker: o.attackers[i]!.id })));
      if (blockProblems(o, blocks, true).length === 0) out.push({ type: 'declare-blocks', manager: o.manager, blocks });
      return;
    }
    const from = j > 0 && sigs[j] === sigs[j - 1] ? pick[j - 1]! : 0;
    for (let k = from; k < per[j]!.length; k++) {
      pick[j] = k;
      rec(j + 1);
    }
  };
  rec(0);
  return out.sort((x, y) => (y as { blocks: unknown[] }).blocks.length - (x as { blocks: unknown[] }).blocks.length);
}

/**
 * The distinct choices of `m` at `s`, in the order the solver tries them: declarations with the most cards
 * first, then plays and activations, passing last (a win is usually found by doing something, and a defence
 * by blocking). Throws TooManyChoices past MAX_DECLARATIONS.
 */
export function choicesOf(s: GameState, m: ManagerId): Action[] {
  const raw: Action[] = [];
  for (const l of legalActions(s, m)) {
    if (l.type === 'concede' || l.type === 'tilt-star') continue;
    if (isOffer(l)) raw.push(...(l.type === 'choose-attackers' ? attackDeclarations(s, l) : blockDeclarations(s, l)));
    else raw.push(l);
  }
  if (raw.length > MAX_DECLARATIONS) throw new TooManyChoices(`${raw.length} choices`);
  const seen = new Set<string>();
  const out: Action[] = [];
  for (const a of raw) {
    const k = choiceKey(s, a);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(a);
  }
  const rank = (a: Action) => (a.type === 'pass' ? 2 : a.type === 'declare-attackers' || a.type === 'declare-blocks' ? 0 : 1);
  return out
    .map((a, i) => ({ a, i }))
    .sort((x, y) => rank(x.a) - rank(y.a) || x.i - y.i)
    .map((x) => x.a);
}
