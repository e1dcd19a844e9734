/** The roster being built: adding, removing, what happens to the Centre, the lines and the codes. */
import { describe, expect, it } from 'vitest';
import { cardPool, starterRosters } from '@vroyale/cards';
import { validateRoster } from '@vroyale/engine';
import { decodeDeckCode } from '../../../../../packages/engine/src/deck/deck-code';
import { addCard, anyCode, centreAfterRemoving, legalCode, removeCard, rosterLines, type Draft } from './draft';

const draft = (centre: string, cards: string[]): Draft => ({ id: null, name: 'Test', centre, cards, side: [] });
const raid = starterRosters.find((s) => s.name === 'Raid Night')!;
const mod = starterRosters.find((s) => s.name === 'Mod Squad')!;

describe('the draft', () => {
  it('makes the first Leader added the Centre, and no other card', () => {
    let d = draft('', []);
    d = addCard(d, cardPool['fresh-debut-rookie']!);
    expect(d).toMatchObject({ centre: '', cards: ['fresh-debut-rookie'] });
    d = addCard(d, cardPool['captain-pixelhook']!);
    expect(d.centre).toBe('captain-pixelhook');
    d = addCard(d, cardPool['luma-vireo']!);
    expect(d.centre).toBe('captain-pixelhook');
  });

  it('says what removing the Centre does before it is done: the next Leader, or none', () => {
    const d = draft(raid.centre, [...raid.cards]);
    expect(centreAfterRemoving(d, 'fresh-debut-rookie')).toBeNull();
    expect(centreAfterRemoving(d, raid.centre)).toEqual({ next: 'luma-vireo-ssr' });
    const after = removeCard(d, raid.centre);
    expect(after.centre).toBe('luma-vireo-ssr');
    expect(after.cards).toHaveLength(29);
    const alone = draft('marigold-mochi', ['marigold-mochi', 'fresh-debut-rookie']);
    expect(centreAfterRemoving(alone, 'marigold-mochi')).toEqual({ next: '' });
    expect(removeCard(alone, 'marigold-mochi')).toMatchObject({ centre: '', cards: ['fresh-debut-rookie'] });
  });

  it('keeps the Centre while a copy of it stays', () => {
    const d = draft('sable-nightcord', [...mod.cards]);
    expect(mod.cards.filter((c) => c === 'sable-nightcord')).toHaveLength(2);
    expect(centreAfterRemoving(d, 'sable-nightcord')).toBeNull();
    const once = removeCard(d, 'sable-nightcord');
    expect(once.centre).toBe('sable-nightcord');
    expect(centreAfterRemoving(once, 'sable-nightcord')).toEqual({ next: 'professor-owlbright' });
  });

  it('removes nothing that is not there', () => {
    const d = draft(raid.centre, [...raid.cards]);
    expect(removeCard(d, 'no-such-card')).toBe(d);
  });

  it('lists each card once with its count, by cost then name', () => {
    const lines = rosterLines(raid.cards);
    expect(lines.reduce((n, l) => n + l.n, 0)).toBe(30);
    expect(new Set(lines.map((l) => l.id)).size).toBe(lines.length);
    for (let i = 1; i < lines.length; i++) {
      const [a, b] = [lines[i - 1]!.def!, lines[i]!.def!];
      expect(a.cost < b.cost || (a.cost === b.cost && a.name.localeCompare(b.name) <= 0), `${a.name} before ${b.name}`).toBe(true);
    }
    expect(lines.find((l) => l.id === 'fresh-debut-rookie')?.n).toBe(raid.cards.filter((c) => c === 'fresh-debut-rookie').length);
  });

  it('exports a code only for a legal roster, and the code reads back as the same roster', () => {
    for (const s of starterRosters) {
      const code = legalCode(draft(s.centre, [...s.cards]));
      expect(code, s.name).toMatch(/^v1-/);
      const back = decodeDeckCode(code!, cardPool);
      expect(back.ok && back.roster.centre).toBe(s.centre);
      expect(back.ok && [...back.roster.cards].sort()).toEqual([...s.cards].sort());
    }
    const illegal = draft(raid.centre, [...raid.cards, 'fresh-debut-rookie']);
    expect(validateRoster(illegal, cardPool).length).toBeGreaterThan(0);
    expect(legalCode(illegal)).toBeNull();
    // the server keeps illegal drafts by their code, as long as they have a Centre
    expect(anyCode(illegal)).toMatch(/^v1-/);
    expect(anyCode(draft('', ['fresh-debut-rookie']))).toBeNull();
  });
});
