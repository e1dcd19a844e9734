/**
 * A puzzle's first state, built by the scenario harness's position builder (the scenario format is the
 * puzzle's position format), and its solution line replayed through the engine's door with refs resolved.
 */
import { cardPool } from '@vroyale/cards';
import { CardDef, lookupFrom, step, type Action, type CardLookup, type GameState } from '@vroyale/engine';
import { buildPosition } from '../../engine/test/scenario/build-position.js';
import { Aliases, resolveRef, ScenarioError, zoneIds, ZONES } from '../../engine/test/scenario/refs.js';
import { PuzzleError, type LineStep, type Puzzle } from './format.js';

const setLookup = lookupFrom(cardPool);

export interface BuiltPuzzle {
  state: GameState;
  aliases: Aliases;
}

function lookupFor(file: string, cards: readonly unknown[]): { lookup: CardLookup; inline: CardDef[] } {
  const inline = cards.map((raw, i) => {
    const r = CardDef.safeParse(raw);
    if (!r.success) throw new PuzzleError(file, `cards[${i}].${r.error.issues[0]!.path.join('.')}`, r.error.issues[0]!.message);
    return r.data;
  });
  const own = lookupFrom(inline);
  return { lookup: (id) => own(id) ?? setLookup(id), inline };
}

/** The puzzle's first state. Throws PuzzleError naming the field for a position the builder refuses. */
export function buildPuzzle(file: string, p: Pick<Puzzle, 'position' | 'cards'>): BuiltPuzzle {
  const { lookup, inline } = lookupFor(file, p.cards);
  try {
    return buildPosition(file, p.position, lookup, inline);
  } catch (e) {
    if (e instanceof ScenarioError) throw new PuzzleError(file, e.field, e.detail);
    throw e;
  }
}

const CARD_FIELDS = ['card'] as const;
const LIST_FIELDS = ['targets', 'costCards', 'attackers'] as const;

/** A line step's action with its refs resolved against the current state. */
export function resolveStep(s: GameState, aliases: Aliases, st: LineStep): Action {
  const a: Record<string, unknown> = { ...st.action, manager: st.manager };
  const r = (x: unknown) => (typeof x === 'string' ? resolveRef(s, aliases, x) : x);
  for (const k of CARD_FIELDS) if (k in a) a[k] = r(a[k]);
  for (const k of LIST_FIELDS) if (Array.isArray(a[k])) a[k] = (a[k] as unknown[]).map(r);
  if (Array.isArray(a.blocks))
    a.blocks = (a.blocks as { blocker: string; attacker: string }[]).map((b) => ({ blocker: r(b.blocker), attacker: r(b.attacker) }));
  return a as unknown as Action;
}

/** A ref for an id: its alias, a stack item by its source, else its slot in its zone. */
export function refFor(s: GameState, aliases: Aliases, id: string): string {
  if (id === 'A' || id === 'B') return id;
  const alias = aliases.aliasOf(id);
  if (alias) return alias;
  const item = s.stack.find((i) => i.id === id);
  if (item) return `stack:${refFor(s, aliases, item.source)}`;
  for (const m of ['A', 'B'] as const) {
    if (s.managers[m].backstage === id) return `${m}.backstage`;
    for (const z of ZONES) {
      const i = zoneIds(s, m, z).indexOf(id);
      if (i >= 0) return `${m}.${z}[${i}]`;
    }
  }
  return `#${id}`;
}

/** The action with ids replaced by refs (the form a puzzle file stores). */
export function toStep(s: GameState, aliases: Aliases, a: Action): LineStep {
  const { manager, ...rest } = a;
  const o: Record<string, unknown> = { ...rest };
  const r = (id: string) => refFor(s, aliases, id);
  if ('card' in a) o.card = r(a.card);
  for (const k of LIST_FIELDS) if (Array.isArray(o[k])) o[k] = (o[k] as string[]).map(r);
  if (a.type === 'declare-blocks') o.blocks = a.blocks.map((b) => ({ blocker: r(b.blocker), attacker: r(b.attacker) }));
  return { manager, action: o as LineStep['action'] };
}

/** Converts a line of id actions, played from the built state, into refs; follows the moves as it goes. */
export function lineToSteps(built: BuiltPuzzle, line: readonly Action[]): LineStep[] {
  let s = built.state;
  const aliases = built.aliases;
  const out: LineStep[] = [];
  for (const a of line) {
    out.push(toStep(s, aliases, a));
    const r = step(s, a);
    if (!r.ok) throw new Error(`the line does not apply: ${r.code}: ${r.message}`);
    aliases.follow(r.events);
    s = r.state;
  }
  return out;
}

/** Replays stored steps from a fresh build; returns the states after each step and the actions taken, or the first refusal. */
export function replaySteps(
  file: string,
  p: Pick<Puzzle, 'position' | 'cards'>,
  steps: readonly LineStep[],
): { states: GameState[]; actions: Action[]; error: string | null } {
  const built = buildPuzzle(file, p);
  let s = built.state;
  const states = [s];
  const actions: Action[] = [];
  for (const [i, st] of steps.entries()) {
    let a: Action;
    try {
      a = resolveStep(s, built.aliases, st);
    } catch (e) {
      return { states, actions, error: `step ${i + 1}: ${(e as Error).message}` };
    }
    const r = step(s, a);
    if (!r.ok) return { states, actions, error: `step ${i + 1} (${st.manager} ${st.action.type}): ${r.code}: ${r.message}` };
    built.aliases.follow(r.events);
    s = r.state;
    states.push(s);
    actions.push(a);
  }
  return { states, actions, error: null };
}
