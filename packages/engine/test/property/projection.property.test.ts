/**
 * Property (d): projections hide what they must (RUL-ZONE-6, RUL-SETUP-2).
 * After setup and every action of random games (events: every step; views: half the steps and the last),
 * for each viewer (A, B, 'spectator'), `project(state, viewer)` and that step's `projectEvents(events,
 * viewer)` never contain (checked over every string, number and key of the JSON value):
 * - the id of a roster card (anyone's, the viewer's own included) or of a card in another manager's hand
 *   (matched as a JSON string value, `"c1f"`, so "c1" does not match inside "c1f"); the only exception is
 *   the roster cards a pending search / look-at-top shows its own chooser;
 * - the definition id or name of a hidden card, unless that definition is legitimately visible to the viewer
 *   (shown on a card in the projection, or revealed by an earlier projected event);
 * - the RNG state numbers (as numbers or inside strings), the match seed, keys such as `rng`, `nextId`,
 *   `roster`, `triggerQueue` (nextId's value is not searched for: it is a small number, and every public
 *   card id already spells one of its past values in base 36).
 * Move events: an end the viewer cannot see has its id blanked, both ends hidden blank the definition.
 * The roster order and hidden card contents: at one step in twenty, shuffling every roster and permuting the
 * definitions of all cards the viewer cannot see must leave the projection byte-for-byte unchanged.
 * The opponent's mulligan choice stays hidden until both have decided: the first decision's events and the
 * resulting view are identical for "keep" and "redraw" to the other manager and to spectators. Likewise the
 * answer to a search / look-at-top: to the others, every option taking a card looks the same.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { other, project, projectEvent, projectEvents, step, type Action, type GameEvent, type GameState, type GameView, type Viewer } from '../../src/index.js';
import {
  checkMoveEvent,
  checkNoLeak,
  defsInEvents,
  defsShown,
  fail,
  hiddenContentsMatter,
  hiddenIds,
  indexJson,
  playRandomGame,
  POOLS,
  REAL,
  scrambleHidden,
  VIEWERS,
  type JsonIndex,
  type Rng,
  FC_SEED,
  gamesPerPool,
} from './harness.js';

const GAMES = gamesPerPool(200);
/** Share of steps whose views are checked (events are checked at every step, views also after the last). */
const VIEW_RATE = 0.5;
/** Share of checked views that also get the scramble (invariance) check. */
const SCRAMBLE_RATE = 0.1;

let checkedViews = 0;
let scrambles = 0;
let mulliganChecks = 0;
let pickChecks = 0;

/** Definitions of the cards behind a set of hidden ids. */
function defsOf(states: GameState[], ids: Set<string>): Set<string> {
  const out = new Set<string>();
  for (const id of ids) for (const s of states) if (s.cards[id]) out.add(s.cards[id]!.def);
  return out;
}

interface ViewerMemory {
  /** Definitions this viewer has legitimately seen so far (cards shown, public events). */
  known: Set<string>;
}

interface Projected {
  view: GameView;
  index: JsonIndex;
  shown: Set<string>;
}

/**
 * The view's strings, numbers and keys, with the `defs` map reduced to its keys: the map is checked
 * separately to hold exactly the definitions of shown cards (and of the tokens they commission), and a
 * shown card's printed text may legitimately name other cards.
 */
function projected(s: GameState, viewer: Viewer): Projected {
  const view = project(s, viewer);
  const index = indexJson({ ...view, defs: Object.keys(view.defs) });
  const shown = defsShown(view);
  // A search / look-at-top shows its chooser the cards it found.
  if (view.pending?.kind === 'choice' && view.pending.options)
    for (const o of view.pending.options) for (const id of o.cards ?? []) if (s.cards[id]) shown.add(s.cards[id]!.def);
  // A shown card's text names the tokens it commissions; their definitions may travel with it.
  for (const d of [...shown]) for (const m of JSON.stringify(s.defs[d]?.abilities ?? []).matchAll(/"token":"([^"]+)"/g)) if (s.defs[m[1]!]) shown.add(m[1]!);
  return { view, index, shown };
}

function checkView(s: GameState, viewer: Viewer, p: Projected, mem: ViewerMemory, rng: Rng, scramble: boolean, permuteDefs: boolean): void {
  const { view, shown } = p;
  for (const d of shown) mem.known.add(d);
  const ids = hiddenIds(s, viewer);
  checkNoLeak(s, { what: `project(state, ${viewer})`, index: p.index, ids, defs: defsOf([s], ids), visibleDefs: mem.known });
  // The definitions a view ships are exactly those of the cards it shows.
  for (const d of Object.keys(view.defs)) if (!shown.has(d)) fail(`project(state, ${viewer}) ships the definition ${d} of no card it shows`);
  for (const m of ['A', 'B'] as const) {
    if (viewer !== m && view.managers[m].hand !== null) fail(`${viewer} sees ${m}'s hand`);
    if (view.managers[m].rosterCount !== s.managers[m].roster.length || view.managers[m].handCount !== s.managers[m].hand.length) fail('wrong counts');
    // RUL-SETUP-2: a mulligan choice is secret until both have chosen.
    const otherPending = s.managers[other(m)].mulligan === 'pending';
    if (viewer !== m && otherPending && s.managers[m].mulligan !== 'pending' && view.managers[m].mulligan !== 'decided')
      fail(`${viewer} sees ${m}'s mulligan choice (${view.managers[m].mulligan}) before deciding`);
  }
  if (view.pending?.kind === 'choice' && view.pending.manager !== viewer && view.pending.options !== null) fail(`${viewer} sees another manager's options`);
  checkedViews++;
  if (scramble) {
    scrambles++;
    const t = scrambleHidden(s, viewer, rng, permuteDefs);
    const full = JSON.stringify(view);
    const text2 = JSON.stringify(project(t, viewer));
    if (text2 !== full) {
      let i = 0;
      while (i < full.length && full[i] === text2[i]) i++;
      fail(
        `project(state, ${viewer}) depends on hidden information (roster order${permuteDefs ? ' or hidden cards' : ''}); first difference: …${full.slice(Math.max(0, i - 150), i + 80)}…`,
      );
    }
  }
}

/** What was hidden from a viewer before the step (ids and their definitions), taken before the action. */
interface HiddenBefore {
  ids: Set<string>;
  defs: Set<string>;
}

function hiddenBefore(s: GameState, viewer: Viewer): HiddenBefore {
  const ids = hiddenIds(s, viewer);
  return { ids, defs: defsOf([s], ids) };
}

function checkEvents(prev: HiddenBefore, after: GameState, events: GameEvent[], viewer: Viewer, mem: ViewerMemory): void {
  const seen = projectEvents(events, viewer);
  const ids = new Set([...prev.ids, ...hiddenIds(after, viewer)]);
  // Legitimate knowledge: what earlier events and views showed, and the definitions of cards this step moved
  // to or from a zone the viewer can see (the projected move events are checked structurally below).
  const vis = (loc: string, owner: string) => loc !== 'roster' && (loc !== 'hand' || viewer === owner);
  const publicNow = new Set(mem.known);
  for (const e of events) {
    if (e.t === 'move' && (vis(e.from, e.owner) || vis(e.to, e.owner))) publicNow.add(e.def);
    if (e.t === 'stack-push') publicNow.add(e.item.sourceDef);
  }
  checkNoLeak(after, {
    what: `projectEvents(events, ${viewer})`,
    index: indexJson(seen),
    ids,
    defs: new Set([...prev.defs, ...defsOf([after], ids)]),
    visibleDefs: publicNow,
  });
  // projectEvents is projectEvent on each event, dropping only events kept secret from this viewer.
  const one = events.map((e) => projectEvent(e, viewer));
  if (JSON.stringify(one.filter((e) => e !== null)) !== JSON.stringify(seen)) fail('projectEvents differs from projectEvent on each event');
  events.forEach((e, i) => {
    const p = one[i]!;
    if (p === null) {
      const secret = (e as { secret?: string }).secret;
      if (!secret || secret === viewer) fail(`projectEvents dropped a ${e.t} event for ${viewer}`, e);
      return;
    }
    if (e.t === 'move') checkMoveEvent(e, p, viewer);
    if (e.t === 'mulligan-decided' && viewer !== e.manager && 'redraw' in p) fail(`${viewer} sees ${e.manager}'s mulligan choice in an event`);
  });
  for (const d of defsInEvents(seen)) mem.known.add(d);
}

/**
 * RUL-SETUP-2: while the other manager has not decided, nothing they (or a spectator) see may depend on
 * which way a manager decided: the events and the view after "keep" and after "redraw" are identical.
 */
function checkMulliganSecret(before: GameState, action: Action): void {
  if (action.type !== 'mulligan' || before.managers[other(action.manager)].mulligan !== 'pending') return;
  mulliganChecks++;
  const keep = step(before, { ...action, redraw: false });
  const redraw = step(before, { ...action, redraw: true });
  if (!keep.ok || !redraw.ok) fail('a mulligan was rejected');
  for (const v of [other(action.manager), 'spectator'] as const) {
    if (JSON.stringify(projectEvents(keep.events, v)) !== JSON.stringify(projectEvents(redraw.events, v)))
      fail(`${v} can tell from the events whether ${action.manager} redrew before deciding (RUL-SETUP-2)`, {
        keep: projectEvents(keep.events, v),
        redraw: projectEvents(redraw.events, v),
      });
    if (JSON.stringify(project(keep.state, v)) !== JSON.stringify(project(redraw.state, v)))
      fail(`${v} can tell from the view whether ${action.manager} redrew before deciding (RUL-SETUP-2)`);
  }
}

/**
 * RUL-ZONE-6: answering a search or look-at-top (roster cards only the chooser sees) tells the others no
 * more than what visibly happens: every option that takes a card looks the same to them, and so does every
 * option that takes none.
 */
function checkPickSecret(before: GameState, action: Action): void {
  const p = before.pending;
  if (action.type !== 'choose' || p?.kind !== 'choice' || p.resume.kind !== 'pick') return;
  pickChecks++;
  const seenBy = (v: Viewer, i: number) => {
    const r = step(before, { type: 'choose', manager: p.manager, option: i });
    if (!r.ok) fail(`option ${i} of a pending pick was rejected: ${r.code}`);
    return JSON.stringify([projectEvents(r.events, v), project(r.state, v)]);
  };
  for (const v of [other(p.manager), 'spectator'] as const)
    for (const takes of [true, false]) {
      const opts = p.options.map((o, i) => (!!o.take === takes ? i : -1)).filter((i) => i >= 0);
      if (opts.length < 2) continue;
      for (const i of opts.slice(1)) {
        if (seenBy(v, i) === seenBy(v, opts[0]!)) continue;
        fail(
          `${v} can tell which option ${p.manager} picked from a ${p.resume.from} (option ${opts[0]} vs ${i}): the choice reveals hidden roster contents (RUL-ZONE-6)`,
          {
            options: p.options.map((o) => o.label),
            a: JSON.parse(seenBy(v, opts[0]!))[0],
            b: JSON.parse(seenBy(v, i))[0],
          },
        );
      }
    }
}

describe('property (d): projections and projected events hide hidden information', () => {
  for (const spec of POOLS) {
    it(`${spec.name}: ${GAMES} random games; no hidden id, definition, RNG state or roster order reaches a viewer`, () => {
      fc.assert(
        fc.property(fc.nat(), (gameSeed) => {
          const mem: Record<Viewer, ViewerMemory> = { A: { known: new Set() }, B: { known: new Set() }, spectator: { known: new Set() } };
          let permuteDefs = true;
          const at = (what: string, f: () => void) => {
            try {
              f();
            } catch (e) {
              throw new Error(`[game ${spec.name}/${gameSeed}, ${what}] ${(e as Error).message}`);
            }
          };
          let prev = {} as Record<Viewer, HiddenBefore>;
          playRandomGame(spec, gameSeed, {
            door: 'inPlace', // fast; the secrets checks step copies through the public door
            concedeRate: 0.03,
            onStart: (s, events) => {
              permuteDefs = !hiddenContentsMatter(s);
              at('after setup', () => {
                for (const v of VIEWERS) {
                  checkView(s, v, projected(s, v), mem[v], () => 0.5, true, permuteDefs);
                  // Setup events: as if they were one step from an empty table.
                  const seen = projectEvents(events, v);
                  checkNoLeak(s, {
                    what: `setup events for ${v}`,
                    index: indexJson(seen),
                    ids: hiddenIds(s, v),
                    defs: defsOf([s], hiddenIds(s, v)),
                    visibleDefs: mem[v].known,
                  });
                  for (const d of defsInEvents(seen)) mem[v].known.add(d);
                }
              });
            },
            onDecide: ({ state, action, index }) => {
              at(`before step ${index} ${JSON.stringify(action)}`, () => {
                checkMulliganSecret(state, action);
                checkPickSecret(state, action);
              });
              prev = { A: hiddenBefore(state, 'A'), B: hiddenBefore(state, 'B'), spectator: hiddenBefore(state, 'spectator') };
            },
            onStep: ({ after, events, rng, index, action }) => {
              const viewed = rng() < VIEW_RATE;
              const scramble = viewed && rng() < SCRAMBLE_RATE;
              at(`after step ${index} ${JSON.stringify(action)}`, () => {
                for (const v of VIEWERS) {
                  checkEvents(prev[v], after, events, v, mem[v]);
                  if (viewed || after.phase === 'game-over') checkView(after, v, projected(after, v), mem[v], rng, scramble, permuteDefs);
                }
              });
            },
          });
        }),
        { seed: FC_SEED, numRuns: GAMES, endOnFailure: true },
      );
      expect(checkedViews).toBeGreaterThan(GAMES * 100);
      expect(scrambles).toBeGreaterThan(GAMES * 10);
      expect(mulliganChecks).toBeGreaterThanOrEqual(GAMES);
    }, 600_000);
  }
});

describe('regressions found by this suite', () => {
  (REAL ? it : it.skip)('RUL-ZONE-6: the option index of a roster search is not shown to the opponent (repro: cards pool, game 17, step 68)', () => {
    // Game 17 of the real card set answers a roster search at step 68; the choice event used to carry the index.
    playRandomGame(REAL!, 17, { onDecide: ({ state, action, index }) => index === 68 && checkPickSecret(state, action) });
  });
});
