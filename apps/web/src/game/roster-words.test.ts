/** Roster problems: English is the engine's message; Japanese words every kind of problem from its data. */
import { afterAll, describe, expect, it } from 'vitest';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { validateRoster, type RosterProblem } from '@vroyale/engine';
import { untranslated } from '../i18n/check-texts';
import { setLanguage } from '../i18n';
import { rosterProblemText } from './roster-words';

/** Rosters that, between them, break every rule validateRoster knows. */
function problems(): RosterProblem[] {
  const start = starterRosters[0]!;
  const r = cardList.filter((c) => c.rarity === 'R');
  const sr = cardList.filter((c) => c.rarity === 'SR' && !c.types.includes('leader'));
  const srLeaders = cardList.filter((c) => c.rarity === 'SR' && c.types.includes('leader'));
  const ssr = cardList.find((c) => c.rarity === 'SSR');
  const token = Object.values(cardPool).find((c) => c.token)!;
  const rosters = [
    { centre: 'nobody', cards: ['no-such-card', token.id, ...Array(5).fill(r[0]!.id)] },
    {
      centre: start.centre,
      cards: [
        ...start.cards.slice(0, 10),
        ...r.flatMap((c) => [c.id, c.id]).slice(0, 12),
        ...sr.slice(0, 2).map((c) => c.id),
        ...srLeaders.slice(0, 3).map((c) => c.id),
      ],
    },
    ...(ssr
      ? [{ centre: start.centre, cards: [...start.cards.slice(0, 28), ssr.id, cardList.find((c) => c.name === ssr.name && c.rarity === 'SR')!.id] }]
      : []),
    {
      centre: 'x',
      cards: cardList
        .filter((c) => !c.types.includes('leader'))
        .slice(0, 30)
        .map((c) => c.id),
    },
  ];
  return rosters.flatMap((x) => validateRoster(x, cardPool));
}

const r0 = () => cardList.filter((c) => c.rarity === 'R')[0]!.id;

describe('roster problems in both languages', () => {
  afterAll(() => setLanguage('en', false));

  it('cover every kind, say in English exactly what the engine says, and leave no English in Japanese', async () => {
    const all = problems();
    const kinds = new Set(all.map((p) => p.say.key));
    for (const k of ['unknown-card', 'size', 'no-leader', 'token', 'centre', 'copies', 'r-total', 'sr-total', 'sr-leader-total']) expect(kinds, k).toContain(k);
    for (const p of all) expect(rosterProblemText(p)).toBe(p.message);
    await setLanguage('ja', false);
    for (const p of all) {
      const text = rosterProblemText(p, cardPool);
      // Only ids that name no card stay as they were typed; every card is named in Japanese.
      const bare = ['no-such-card', 'nobody', 'x'].reduce((s, n) => s.split(n).join(''), text);
      expect(untranslated(bare), `${p.say.key}: ${text}`).toEqual([]);
    }
    const copies = all.find((p) => p.say.key === 'copies')!;
    expect(rosterProblemText(copies, cardPool)).toContain(cardPool[r0()]!.nameJa);
  });
});
