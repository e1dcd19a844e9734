import { describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  createGame,
  dealHidden,
  deciders,
  hiddenCards,
  legalActions,
  makeRng,
  other,
  project,
  step,
  strongBot,
  type GameState,
  type ManagerId,
} from '@vroyale/engine';
import { determinise, HIDDEN_DEF_ID } from '../../../../engine/src/bots/determinise.js';

/** A strongBot match between the first two starters, stopped at turn `turn`. */
function positionAt(turn: number): { s: GameState; who: ManagerId } {
  const c = createGame({ seed: 'deal', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!c.ok) throw new Error(c.message);
  let s = c.state;
  for (let n = 0; n < 3000 && s.turn < turn; n++) {
    const who = deciders(s)[0]!;
    const r = step(s, strongBot({ view: project(s, who), legal: legalActions(s, who), seed: n }));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return { s, who: deciders(s)[0]! };
}

const count = (xs: readonly string[]) => xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<string, number>());

describe('dealing hidden cards from the public lists (expert, issue 18 §1)', () => {
  const { s, who } = positionAt(6);
  const view = project(s, who);
  const opp = other(who);
  const lists = starterRosters;

  it('fits each manager to their own starter and deals the unseen rest into the hidden slots only', () => {
    const hidden = hiddenCards(view, lists);
    const theirs = hidden.find((h) => h.manager === opp)!;
    const mine = hidden.find((h) => h.manager === who)!;
    const rosterOf = (m: ManagerId) => starterRosters[m === 'A' ? 0 : 1]!;
    // Their unseen cards: their list less every card of theirs the view shows (30 in all, RUL-DECK-1).
    const unseen = theirs.candidates.find((c) => c.length === s.managers[opp].hand.length + s.managers[opp].roster.length);
    expect(unseen, 'their own list fits with exactly their hidden count').toBeDefined();
    for (const [d, n] of count(unseen!)) expect(n).toBeLessThanOrEqual(count(rosterOf(opp).cards).get(d)!);
    expect(theirs.slots).toHaveLength(s.managers[opp].hand.length + s.managers[opp].roster.length);
    // Mine: my hand is seen, so only my roster is dealt.
    expect(mine.slots).toHaveLength(s.managers[who].roster.length);

    const sim = determinise(view, 'x', cardPool);
    const before = JSON.stringify(Object.values(sim.cards).filter((c) => c.def !== HIDDEN_DEF_ID));
    dealHidden(sim, hidden, makeRng('deal-1'));
    expect(JSON.stringify(Object.values(sim.cards).filter((c) => !c.id.startsWith('x')))).toBe(before);
    const dealt = theirs.slots.map((id) => sim.cards[id]!.def);
    expect(dealt).not.toContain(HIDDEN_DEF_ID);
    if (theirs.candidates.length === 1) expect([...dealt].sort()).toEqual([...unseen!].sort());
    // Seeded: the same stream deals the same cards; another stream another order.
    const again = determinise(view, 'x', cardPool);
    dealHidden(again, hidden, makeRng('deal-1'));
    expect(theirs.slots.map((id) => again.cards[id]!.def)).toEqual(dealt);
    const other2 = determinise(view, 'x', cardPool);
    dealHidden(other2, hidden, makeRng('deal-2'));
    expect(theirs.slots.map((id) => other2.cards[id]!.def)).not.toEqual(dealt);
  });

  it('a list that lacks a card they have shown does not fit: their cards stay placeholders', () => {
    const shownOfTheirs = [...view.managers[opp].main, ...view.managers[opp].graduation, ...view.managers[opp].starPool].filter((c) => !c.token);
    expect(shownOfTheirs.length).toBeGreaterThan(0);
    const lacking = lists.map((l) => ({ cards: l.cards.filter((d) => d !== shownOfTheirs[0]!.def) }));
    const hidden = hiddenCards(view, lacking);
    expect(hidden.find((h) => h.manager === opp)).toBeUndefined();
    const sim = determinise(view, 'x', cardPool);
    dealHidden(sim, hidden, makeRng('d'));
    for (const id of [...sim.managers[opp].hand, ...sim.managers[opp].roster]) expect(sim.cards[id]!.def).toBe(HIDDEN_DEF_ID);
  });
});
