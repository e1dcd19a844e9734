/** The side deck in the deck builder: adding and removing its cards, its codes (v2), and its problems in the verdict. */
import { afterAll, describe, expect, it } from 'vitest';
import { cardPool, starterRosters, tokenList } from '@vroyale/cards';
import { decodeDeckCode, encodeDeckCode } from '../../../../../packages/engine/src/deck/deck-code';
import { setLanguage } from '../../i18n';
import { addCard, addSide, anyCode, legalCode, removeSide, sideProblems, type Draft } from './draft';
import { addingBreaksSide, sideNotes } from './problems';

const raid = starterRosters.find((s) => s.name === 'Raid Night')!;
const legal = (side: string[] = []): Draft => ({ id: null, name: 'Test', centre: raid.centre, cards: [...raid.cards], side });
const def = (id: string) => cardPool[id]!;
/** C cards the Raid Night roster does not hold: three copies of each may go in its side deck. */
const spare = ['junior-moderator', 'merch-designer', 'fan-artist', 'speedrun-specialist'];

describe('the side deck of a draft', () => {
  afterAll(() => setLanguage('en', false));

  it('takes cards one copy at a time, and gives the last one added back; the roster never changes', () => {
    let d = legal();
    d = addSide(d, def('junior-moderator'));
    d = addSide(d, def('merch-designer'));
    d = addSide(d, def('junior-moderator'));
    expect(d.side).toEqual(['junior-moderator', 'merch-designer', 'junior-moderator']);
    expect(d.cards).toEqual(raid.cards);
    d = removeSide(d, 'junior-moderator');
    expect(d.side).toEqual(['junior-moderator', 'merch-designer']);
    expect(removeSide(d, 'no-such-card')).toBe(d);
    // adding to the roster leaves the side deck alone
    expect(addCard(d, def('fan-artist')).side).toEqual(d.side);
    expect(sideProblems(d)).toEqual([]);
  });

  it('exports a v2 code with the side deck, which reads back as the same roster and side deck', () => {
    const d = legal(['junior-moderator', 'merch-designer', 'merch-designer']);
    const code = legalCode(d);
    expect(code).toMatch(/^v2-/);
    const back = decodeDeckCode(code!, cardPool);
    expect(back.ok).toBe(true);
    if (!back.ok) return;
    expect(back.roster.centre).toBe(raid.centre);
    expect([...back.roster.cards].sort()).toEqual([...raid.cards].sort());
    expect([...back.side].sort()).toEqual(['junior-moderator', 'merch-designer', 'merch-designer']);
    expect(anyCode(d)).toBe(code);
  });

  it('keeps giving the v1 code it always gave for a roster without a side deck', () => {
    const code = legalCode(legal());
    expect(code).toBe(encodeDeckCode({ centre: raid.centre, cards: raid.cards }, cardPool));
    expect(code).toMatch(/^v1-/);
    const back = decodeDeckCode(code!, cardPool);
    expect(back.ok && back.side).toEqual([]);
  });

  it('has no legal code while the side deck breaks a rule, but the server still keeps it with its side deck', () => {
    const eleven = spare.flatMap((id) => [id, id, id]).slice(0, 11);
    const big = legal(eleven);
    expect(sideProblems(big).map((p) => p.say.key)).toEqual(['side-size']);
    expect(legalCode(big)).toBeNull();
    const kept = anyCode(big);
    expect(kept).toMatch(/^v2-/);
    const back = decodeDeckCode(kept!, cardPool);
    expect(back.ok && back.side.length).toBe(11);
    // a fourth copy across roster and side deck
    expect(legalCode(legal(['fresh-debut-rookie']))).toBeNull();
  });

  it('puts the side deck’s problems in the verdict, worded in both languages and tied to its lines', async () => {
    const d = legal(['fresh-debut-rookie', 'junior-moderator']);
    const notes = sideNotes(d.side, sideProblems(d));
    expect(notes.lines).toEqual(["'Fresh Debut Rookie' has 4 copies across the roster and its side deck; C cards allow at most 3"]);
    expect([...notes.byCard.keys()]).toEqual(['fresh-debut-rookie']);
    await setLanguage('ja', false);
    const ja = sideNotes(d.side, sideProblems(d));
    expect(ja.lines).toHaveLength(1);
    expect(ja.lines[0]).toContain('ロスターとサイドデッキ合わせて4枚');
    expect(ja.lines[0]).not.toMatch(/[A-Za-z]{3,}/);
    await setLanguage('en', false);
  });

  it('lets the engine say a token never goes in a side deck', () => {
    const token = tokenList[0]!;
    const d = legal([token.id]);
    const problems = sideProblems(d);
    expect(problems.map((p) => p.say.key)).toEqual(['side-token']);
    expect(sideNotes(d.side, problems).lines[0]).toBe(`'${token.name}' is a token and can never be put in a side deck`);
    expect(legalCode(d)).toBeNull();
  });

  it('says what one more card would break in the side deck, wherever it goes', () => {
    const full = legal(spare.flatMap((id) => [id, id, id]).slice(0, 10));
    expect(sideProblems(full)).toEqual([]);
    expect(addingBreaksSide(full, [], def('indie-hopeful'), 'side')).toBe('A side deck holds at most 10 cards; this one has 11');
    // one more Rookie in the roster is the roster's problem alone while the side deck holds none
    expect(addingBreaksSide(full, [], def('fresh-debut-rookie'), 'roster')).toBeNull();
    const some = legal(['junior-moderator']);
    expect(addingBreaksSide(some, [], def('junior-moderator'), 'side')).toBeNull();
    expect(addingBreaksSide(some, [], def('fresh-debut-rookie'), 'side')).toMatch(/^'Fresh Debut Rookie' has 4 copies across the roster and its side deck/);
    // a problem already there is not news
    const over = legal(['fresh-debut-rookie']);
    expect(addingBreaksSide(over, sideProblems(over), def('junior-moderator'), 'side')).toBeNull();
  });
});
