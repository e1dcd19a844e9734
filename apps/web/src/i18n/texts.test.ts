/** Both languages say everything (check-texts.ts): keys, placeholders, nothing empty, no English left in Japanese. */
import { afterAll, describe, expect, it } from 'vitest';
import { cardPool } from '@vroyale/cards';
import { cardName, cardNameHint } from '../game/labels';
import { textProblems, untranslated, type Tree } from './check-texts';
import { setLanguage } from './index';
import { en } from './en/index';
import { later } from './en/later';
import { ja } from './ja/index';

describe('interface texts in both languages', () => {
  it('have the same keys and placeholders, nothing empty, nothing English in Japanese', () => {
    expect(textProblems({ ...en, ...later } as unknown as Tree, ja as unknown as Tree)).toEqual([]);
  });

  it('the checks can fail', () => {
    expect(untranslated('ルーム {{id}} に Return')).toEqual(['Return']);
    expect(untranslated('VRoyale へようこそ <b>{{name}}</b>')).toEqual([]);
    expect(textProblems({ a: 'A {{n}}', b: 'B', c: 'C' }, { a: 'エー', b: 'Bee', d: 'ディー' })).toEqual([
      'd: only in Japanese',
      'a: placeholders differ',
      'c: missing in Japanese',
      'b: English left in Japanese: Bee',
    ]);
  });
});

describe('card names (card data, shown through game/labels.ts cardName)', () => {
  afterAll(() => setLanguage('en', false));

  it('Japanese shows every card by a Japanese name that passes the same check, with the English name as the hint', async () => {
    await setLanguage('ja', false);
    const bad: string[] = [];
    for (const d of Object.values(cardPool)) {
      const shown = cardName(d);
      if (shown === d.name || untranslated(shown).length > 0 || /[A-Za-z]/.test(shown)) bad.push(`${d.id}: ${shown}`);
      if (cardNameHint(d) !== d.name) bad.push(`${d.id}: hint ${cardNameHint(d)}`);
    }
    expect(bad).toEqual([]);
    expect(untranslated(cardName(cardPool['chat-regular']!) + ' Chat Regular')).toEqual(['Chat', 'Regular']);
  });

  it('English shows the English name, with no hint', async () => {
    await setLanguage('en', false);
    for (const d of Object.values(cardPool)) {
      expect(cardName(d)).toBe(d.name);
      expect(cardNameHint(d)).toBeUndefined();
    }
  });
});
