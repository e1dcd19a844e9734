/** Both languages say everything (check-texts.ts): keys, placeholders, nothing empty, no English left in Japanese. */
import { describe, expect, it } from 'vitest';
import { textProblems, untranslated, type Tree } from './check-texts';
import { en } from './en/index';
import { ja } from './ja/index';

describe('interface texts in both languages', () => {
  it('have the same keys and placeholders, nothing empty, nothing English in Japanese', () => {
    expect(textProblems(en as unknown as Tree, ja as unknown as Tree)).toEqual([]);
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
