/**
 * The side-deck draft (PR-22) as the panel builds it by clicks: one copy per click, a moved card going back where it
 * came from, the Centre's last copy held, both lists counted as the swap would leave them; and a draft the clicks
 * make is judged by the engine's `validateSwap` alone (here with a starter and a card of neither starter).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import { validateSwap, type CardDef, type Swap } from '@vroyale/engine';
import { setLanguage } from '../i18n';
import { canTakeOut, inRoster, inSide, NO_SWAP, swapCounts, swapLines, toRoster, toSide, type SideDeckHand } from './swap-draft';
import { swapProblemText } from './swap-words';

const deck: SideDeckHand = { centre: 'lead', cards: ['lead', 'a', 'a', 'b'], side: ['x', 'y', 'a'] };

describe('the side-deck draft', () => {
  it('moves one copy per click, and a moved card goes back where it came from', () => {
    let d: Swap = toSide(deck, NO_SWAP, 'a');
    expect(d).toEqual({ out: ['a'], in: [] });
    d = toRoster(deck, d, 'x');
    expect(d).toEqual({ out: ['a'], in: ['x'] });
    // The copy of 'a' just taken out comes back rather than the side deck's own 'a' coming in.
    expect(toRoster(deck, d, 'a')).toEqual({ out: [], in: ['x'] });
    // 'x', just brought in, goes back to the side deck.
    expect(toSide(deck, d, 'x')).toEqual({ out: ['a'], in: [] });
    expect(swapCounts(d)).toEqual({ out: 1, in: 1 });
    expect(inRoster(deck, d, 'a')).toBe(1);
    expect(inSide(deck, d, 'a')).toBe(2);
  });

  it('never moves a copy that is not there, nor the Centre’s last copy', () => {
    expect(canTakeOut(deck, NO_SWAP, 'lead')).toBe(false);
    expect(toSide(deck, NO_SWAP, 'lead')).toBe(NO_SWAP);
    expect(toSide(deck, NO_SWAP, 'zzz')).toBe(NO_SWAP);
    const both = toRoster(deck, toRoster(deck, NO_SWAP, 'y'), 'y');
    expect(both).toEqual({ out: [], in: ['y'] });
    const twoLeads: SideDeckHand = { ...deck, cards: ['lead', 'lead', 'b'] };
    expect(toSide(twoLeads, NO_SWAP, 'lead')).toEqual({ out: ['lead'], in: [] });
    expect(toSide(twoLeads, { out: ['lead'], in: [] }, 'lead')).toEqual({ out: ['lead'], in: [] });
  });

  it('lists both decks as the draft leaves them, with what moved', () => {
    const d = toRoster(deck, toSide(deck, NO_SWAP, 'b'), 'x');
    const order = (p: string, q: string) => p.localeCompare(q);
    expect(swapLines(deck, d, order)).toEqual({
      roster: [
        { id: 'a', n: 2, moved: 0, leaving: 0 },
        { id: 'b', n: 0, moved: 0, leaving: 1 },
        { id: 'lead', n: 1, moved: 0, leaving: 0 },
        { id: 'x', n: 1, moved: 1, leaving: 0 },
      ],
      side: [
        { id: 'a', n: 1, moved: 0, leaving: 0 },
        { id: 'b', n: 1, moved: 1, leaving: 0 },
        { id: 'x', n: 0, moved: 0, leaving: 1 },
        { id: 'y', n: 1, moved: 0, leaving: 0 },
      ],
    });
  });
});

describe('a draft judged by the engine', () => {
  afterAll(() => setLanguage('en', false));
  const raid = starterRosters.find((r) => r.id === 'raid-night')!;
  const used = new Set(starterRosters.flatMap((r) => r.cards));
  const out = raid.cards.find((c) => c !== raid.centre)!;
  const side = (Object.values(cardPool) as CardDef[]).find(
    (d) =>
      !used.has(d.id) && !d.token && validateSwap({ centre: raid.centre, cards: [...raid.cards] }, [d.id], { out: [out], in: [d.id] }, cardPool).length === 0,
  )!;
  const hand: SideDeckHand = { centre: raid.centre, cards: raid.cards, side: [side.id] };
  const judge = (d: Swap) => validateSwap({ centre: hand.centre, cards: [...hand.cards] }, hand.side, d, cardPool);

  it('takes one out and brings one in: legal; half of it: the engine says one for one, in both languages', async () => {
    const half = toSide(hand, NO_SWAP, out);
    const whole = toRoster(hand, half, side.id);
    expect(judge(whole)).toEqual([]);
    expect(judge(NO_SWAP)).toEqual([]);
    const problems = judge(half);
    expect(problems.map((p) => p.say.key)).toEqual(['swap-uneven']);
    expect(swapProblemText(problems[0]!, cardPool)).toBe('A swap exchanges cards one for one: 1 out but 0 in');
    await setLanguage('ja', false);
    expect(swapProblemText(problems[0]!, cardPool)).toBe('入れ替えは1枚ずつです：外す1枚に対して入れるのは0枚です');
    // A roster problem the engine finds is worded by roster-words (the Centre taken out through a crafted draft).
    const centre = judge({ out: [raid.centre], in: [side.id] });
    expect(centre.map((p) => p.say.key)).toContain('swap-centre');
    expect(
      swapProblemText(
        centre.find((p) => p.say.key === 'swap-centre')!,
        cardPool,
      ),
    ).toMatch(/^「.+」はセンターです。/);
  });
});
