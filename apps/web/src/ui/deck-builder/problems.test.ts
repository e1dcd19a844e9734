/** validateRoster's problems as the deck builder shows them, and what one more copy of a card would break. */
import { afterAll, describe, expect, it } from 'vitest';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { validateRoster, type CardDef } from '@vroyale/engine';
import { setLanguage } from '../../i18n';
import { addingBreaks, rosterNotes } from './problems';

const raid = starterRosters.find((s) => s.name === 'Raid Night')!;
const check = (centre: string, cards: string[]) => ({ problems: validateRoster({ centre, cards }, cardPool), cards });

describe('the roster notes', () => {
  afterAll(() => setLanguage('en', false));

  it('explain an empty roster instead of quoting an empty Centre', () => {
    const { problems } = check('', []);
    const notes = rosterNotes([], problems);
    expect(notes.empty).toBe(true);
    expect(notes.lines.join(' ')).not.toContain("''");
    // no Leader at all: "add a Leader" covers the missing Centre
    expect(notes.lines).toEqual(['A roster has exactly 30 cards, the Centre included; this one has 0', 'A roster must contain at least one Leader']);
  });

  it('ask for a Centre when Leaders are there but none is chosen, in both languages', async () => {
    const { problems, cards } = check('', [...raid.cards]);
    expect(rosterNotes(cards, problems).lines).toEqual(['Choose a Centre: one of the Leaders in your roster']);
    await setLanguage('ja', false);
    expect(rosterNotes(cards, problems).lines).toEqual(['センターを選んでください（ロスター内のリーダーから）']);
    await setLanguage('en', false);
  });

  it('tie a copy problem to the roster line it is about, an SR and its SSR both', () => {
    const { problems, cards } = check(raid.centre, [...raid.cards, 'fresh-debut-rookie']);
    const notes = rosterNotes(cards, problems);
    expect(notes.byCard.get('fresh-debut-rookie')).toEqual(["'Fresh Debut Rookie' has 4 copies; C cards allow at most 3"]);
    expect(notes.byCard.size).toBe(1);
    const swapped = [...raid.cards.filter((c) => c !== 'fresh-debut-rookie'), 'midnight-diva-ssr', 'midnight-diva', 'midnight-diva'].slice(0, 30);
    const sr = check(raid.centre, swapped);
    const byCard = rosterNotes(sr.cards, sr.problems).byCard;
    expect(byCard.get('midnight-diva')?.[0]).toMatch(/both SR and SSR/);
    expect(byCard.get('midnight-diva-ssr')).toEqual(byCard.get('midnight-diva'));
  });
});

describe('what one more copy would break', () => {
  const roster = { centre: raid.centre, cards: [...raid.cards] };
  const before = validateRoster(roster, cardPool);
  const def = (id: string): CardDef => cardPool[id]!;

  it('names the copy limit a card is at, and nothing for a card with room', () => {
    expect(raid.cards.filter((c) => c === 'fresh-debut-rookie')).toHaveLength(3);
    expect(addingBreaks(roster, before, def('fresh-debut-rookie'))).toBe("'Fresh Debut Rookie' has 4 copies; C cards allow at most 3");
    const roomy = cardList.find((c) => c.rarity === 'C' && !c.token && !raid.cards.includes(c.id))!;
    // the 31st card breaks only the size, which more cards never mend: not what this warns about
    expect(addingBreaks(roster, before, roomy)).toBeNull();
  });

  it('names a total going over, and going further over', () => {
    const rares = [...new Map(cardList.filter((c) => c.rarity === 'R').map((c) => [c.name, c.id])).values()];
    const atTen = { centre: '', cards: rares.slice(0, 10) };
    const b10 = validateRoster(atTen, cardPool);
    expect(addingBreaks(atTen, b10, def(rares[10]!))).toMatch(/at most 10 R cards; this one has 11/);
    const atEleven = { centre: '', cards: rares.slice(0, 11) };
    expect(addingBreaks(atEleven, validateRoster(atEleven, cardPool), def(rares[11]!))).toMatch(/this one has 12/);
    // a C card changes no R total
    expect(addingBreaks(atEleven, validateRoster(atEleven, cardPool), def('fresh-debut-rookie'))).toBeNull();
  });

  it('never warns about a Leader that mends a missing Leader or Centre', () => {
    const none = { centre: '', cards: ['fresh-debut-rookie'] };
    expect(addingBreaks(none, validateRoster(none, cardPool), def('captain-pixelhook'))).toBeNull();
  });
});
