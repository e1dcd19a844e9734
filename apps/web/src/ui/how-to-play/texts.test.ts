import { describe, expect, it } from 'vitest';
import { textProblems, type Tree } from '../../i18n/check-texts';
import { HOW_TO_TEXTS } from './texts';

describe('How to play texts', () => {
  it('say everything in both languages', () => {
    expect(textProblems(HOW_TO_TEXTS.en as unknown as Tree, HOW_TO_TEXTS.ja as unknown as Tree)).toEqual([]);
  });

  it('keep the same number of steps, lines and examples in both languages', () => {
    const { en, ja } = HOW_TO_TEXTS;
    expect([ja.setup.length, ja.turn.length, ja.combat.length, ja.controls.length]).toEqual([
      en.setup.length,
      en.turn.length,
      en.combat.length,
      en.controls.length,
    ]);
  });
});
