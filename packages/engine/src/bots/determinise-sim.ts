/**
 * `determinise(project(s, me), seed, extraDefs)` built straight from the state, without the view in between:
 * the search's 'strong' rollouts let strongBot decide for both managers at every step, and building a whole
 * view only to turn it back into a state was a tenth of the search (project alone about 5%).
 *
 * Why it is the same state (the search's picks depend on it; determinise-sim.test.ts compares the two on
 * random positions, deep and in key order):
 * - it visits the zones, the stack and the pending choice in `project`'s order, so the card dictionary and the
 *   definitions come out in the same key order, and every field is the value `cardView` shows passed through
 *   `determinise`'s `instance` (burnout → enteredTurn, counter batches with their producers);
 * - the view's stats of a stage character (`statsOf` on the state) are handed to the same `rebuildMods`;
 * - the tail (definitions, stand-in tokens, the state record, the rebuilt modifiers) is determinise's own
 *   (`assemble`), fed with the same parts.
 *
 * Hidden information: it reads of `s` only what `project(s, me)` shows, so the bot deciding on the copy still
 * sees only its manager's view: of the opponent's hand and of both rosters their sizes, of a pending choice
 * the options' cards' definitions only when it is `me`'s, and never the RNG, the id counter, the trigger
 * queue, modifiers other than through the shown stats, or once-per-turn use.
 */
import type { CardDef } from '../cards/schema.js';
import { meta } from '../cards/def-meta.js';
import { counterBatch, makeCard } from '../core/card-instance.js';
import { isCharacterDef, onStage } from '../core/query.js';
import { managerRecord } from '../core/records.js';
import { managerOf, type CardInstance, type CardLocation, type GameState, type ManagerId, type ManagerState, type Pending } from '../core/types.js';
import { statsOf, withStatsMemo } from '../effects/stats.js';
import { assemble, hiddenHand, hiddenRoster, idNumber, stackItem, type Rebuild } from './determinise.js';

export function determiniseFor(s: GameState, me: ManagerId, seed: string | number, extraDefs?: Record<string, CardDef>): GameState {
  // Only reads `s`: the stage characters' stats then share one aura computation instead of one each.
  return withStatsMemo(s, () => build(s, me, seed, extraDefs));
}

function build(s: GameState, me: ManagerId, seed: string | number, extraDefs?: Record<string, CardDef>): GameState {
  const viewDefs: Record<string, CardDef> = {};
  const cards: Record<string, CardInstance> = {};
  const rebuild: Rebuild[] = [];
  const turn = s.turn;
  let maxId = 0;
  // cardView, then instance: the view's fields of the card, as determinise turns them back into a card.
  const add = (id: string, zone: CardLocation): string => {
    const c = s.cards[id]!;
    const def = s.defs[c.def]!;
    viewDefs[c.def] = def;
    const stage = onStage(c);
    const copy = makeCard(id, c.def, c.owner, zone, {
      token: c.token,
      tilted: c.tilted,
      damage: c.damage,
      enteredTurn: stage && c.enteredTurn >= turn ? turn : turn - 1,
      counters: c.counters.map((b) => counterBatch(b.counter, b.count, b.producer)),
      attachedTo: c.attachedTo,
      returnsFromHiatus: c.returnsFromHiatus === true,
    });
    cards[id] = copy;
    maxId = Math.max(maxId, idNumber(id));
    // rebuildMods skips a card the view shows no stats for (not a character).
    if ((zone === 'main' || zone === 'centre') && isCharacterDef(def)) {
      const st = stage ? statsOf(s, c) : { atk: def.atk ?? 0, hp: def.hp ?? 0, keywords: def.keywords ?? {} };
      rebuild.push({ c: copy, atk: st.atk, hp: st.hp, keywords: st.keywords });
    }
    return id;
  };
  const bothDecided = s.managers.A.mulligan !== 'pending' && s.managers.B.mulligan !== 'pending';
  const managers = {} as Record<ManagerId, ManagerState>;
  for (const m of ['A', 'B'] as const) {
    const ms = managerOf(s, m);
    const hand = m === me ? ms.hand.map((id) => add(id, 'hand')) : hiddenHand(cards, m, ms.hand.length);
    const roster = hiddenRoster(cards, m, ms.roster.length);
    // The view shows 'decided' for the other's choice until both have chosen; determinise reads that as 'kept'.
    const shown = ms.mulligan === 'pending' || bothDecided || m === me ? ms.mulligan : 'kept';
    managers[m] = managerRecord({
      sanity: ms.sanity,
      roster,
      hand,
      backstage: ms.backstage ? add(ms.backstage, 'backstage') : null,
      centre: ms.centre.map((id) => add(id, 'centre')),
      main: ms.main.map((id) => add(id, 'main')),
      starPool: ms.starPool.map((id) => add(id, 'star-pool')),
      graduation: ms.graduation.map((id) => add(id, 'graduation')),
      hiatus: ms.hiatus.map((id) => add(id, 'hiatus')),
      availableStars: ms.availableStars,
      deckOuts: ms.deckOuts,
      mulligan: shown,
    });
  }
  const stackCards: string[] = [];
  const stack = s.stack.map((item) => {
    maxId = Math.max(maxId, idNumber(item.id));
    const c = s.cards[item.source];
    if (!c) viewDefs[item.sourceDef] = s.defs[item.sourceDef]!;
    else if (cards[c.id]) viewDefs[c.def] = s.defs[c.def]!;
    else {
      add(c.id, 'stack');
      stackCards.push(c.id);
    }
    return stackItem(item);
  });
  let pending: Pending | null = null;
  const p = s.pending;
  if (p?.kind === 'choose-order') pending = { kind: 'choose-order', manager: p.manager };
  else if (p?.kind === 'discard') pending = { kind: 'discard', manager: p.manager };
  else if (p?.kind === 'choice' && p.manager === me)
    for (const o of p.options) for (const id of o.cards ?? []) if (s.cards[id]) viewDefs[s.cards[id]!.def] = s.defs[s.cards[id]!.def]!;
  if (s.endCard && s.defs[s.endCard.def]) viewDefs[s.endCard.def] = s.defs[s.endCard.def]!;
  for (const d of Object.values(viewDefs)) for (const t of meta(d).tokens) if (s.defs[t] && !viewDefs[t]) viewDefs[t] = s.defs[t]!;
  return assemble({ at: s, seed, viewDefs, extraDefs, cards, managers, stack, stackCards, pending, maxId, rebuild });
}
