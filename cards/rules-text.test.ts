/** The set's rules text, generated from its data by the engine's rulesText: every card reads cleanly. */
import { describe, it, expect } from 'vitest';
import { KEYWORDS, rulesText, type CardDef } from '@vroyale/engine';
import { cardPool, getCard } from './index.js';

const all = Object.values(cardPool);
const text = (id: string): string[] => rulesText(cardPool[id]!, getCard);

describe('rules text of the card set', () => {
  it('every card renders at least one clean line', () => {
    const bad: string[] = [];
    for (const c of all) {
      const lines = rulesText(c, getCard);
      if (lines.length === 0) bad.push(`${c.id}: no text`);
      for (const l of lines) if (!l.trim() || /undefined|\[object|NaN|null|\s{2}/.test(l)) bad.push(`${c.id}: ${JSON.stringify(l)}`);
    }
    expect(bad).toEqual([]);
  });

  it('the keyword line comes first and matches the printed keywords; every other line is a sentence', () => {
    const names = new Set(KEYWORDS.map((k) => k.charAt(0).toUpperCase() + k.slice(1)));
    for (const c of all) {
      const lines = rulesText(c, getCard);
      const printed = Object.keys(c.keywords ?? {});
      const abilityLines = printed.length ? lines.slice(1) : lines;
      if (printed.length) {
        const words = lines[0]!.split(', ').map((w) => w.replace(/ \d$/, ''));
        expect(
          words.every((w) => names.has(w)),
          c.id,
        ).toBe(true);
        expect(words.length, c.id).toBe(printed.length);
      }
      expect(abilityLines.length, c.id).toBe(printed.length || c.abilities.length ? c.abilities.length : 1);
      for (const l of abilityLines) expect(l, c.id).toMatch(/^[A-Z0-9].*[.!]$/);
    }
  });

  it('an SSR reads exactly like its SR card (RUL-DECK-3: same rules text)', () => {
    for (const c of all.filter((x) => x.rarity === 'SSR')) expect(text(c.id), c.id).toEqual(text(c.variantOf!));
  });

  it('commissioned tokens are named, not shown by id', () => {
    for (const c of all)
      for (const a of c.abilities)
        for (const e of 'effects' in a ? a.effects : [])
          if (e.kind === 'commission') expect(rulesText(c, getCard).join(' '), c.id).toContain(getCard(e.token)!.name);
  });

  it('exact text of some cards', () => {
    expect(text('captain-pixelhook')).toEqual(['Raid', 'Your non-leader characters costing 2 or less have Raid.']);
    expect(text('professor-owlbright')).toEqual(['Moderator 2', 'Tilt: Tilt target opposing character.', 'Your characters with Moderator get +1 HP.']);
    expect(text('midnight-diva')).toEqual(['Clout', 'Debut: Deal 3 damage to target opposing character.']);
    expect(text('fan-artist')).toEqual(['Whenever another of your non-leader characters graduates, you may draw 1 card.']);
    expect(text('farewell-tour')).toEqual([
      'At the start of your turn, send the top card of your roster to your Graduation Zone.',
      'You win the match if you have 15 or more cards in your Graduation Zone.',
    ]);
    expect(text('chronos-kuroneko')).toEqual([
      'Whenever you play a highlight, put a memory counter on this character.',
      'You win the match if this character has 10 or more memory counters on it.',
    ]);
    expect(text('fan-club-meetup')).toEqual([
      '2 stars: Commission a Devoted Viewer token (a character with 1 ATK and 1 HP). Activate only during your Main Step and once per turn.',
      'Your character tokens get +1 ATK.',
    ]);
    expect(text('stage-manager')).toEqual(['Graduate a character token you control: Target character you control gets +2 ATK until end of turn.']);
    expect(text('career-ending-scandal')).toEqual(['If your opponent has 4 or less sanity, your opponent loses the match. Your opponent loses 1 sanity.']);
    expect(text('fresh-debut-rookie')).toEqual(['No abilities.']);
  });

  it('text follows the data: change a number and the text changes with it', () => {
    const diva = structuredClone(cardPool['midnight-diva']!) as CardDef;
    const a = diva.abilities[0]!;
    if (a.kind !== 'triggered' || a.effects[0]!.kind !== 'damage') throw new Error('midnight-diva changed shape');
    a.effects[0]!.amount = 4;
    diva.keywords = { ...diva.keywords, moderator: 3 };
    expect(rulesText(diva)).toEqual(['Clout, Moderator 3', 'Debut: Deal 4 damage to target opposing character.']);
  });
});
