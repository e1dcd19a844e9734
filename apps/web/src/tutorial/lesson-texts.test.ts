import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { textProblems, type Tree } from '../i18n/check-texts';
import { LESSON_TEXTS } from './lesson-texts';

describe("the lessons' texts", () => {
  it('say everything in both languages: the same keys and placeholders, nothing empty, nothing English in Japanese', () => {
    expect(textProblems(LESSON_TEXTS.en as unknown as Tree, LESSON_TEXTS.ja as unknown as Tree)).toEqual([]);
  });

  it('are read through i18next once the module is loaded, in both languages', () => {
    expect(i18next.t('tutorial.lessons.mulligan.title' as never, { lng: 'en' })).toBe(LESSON_TEXTS.en.mulligan.title);
    expect(i18next.t('tutorial.lessons.mulligan.title' as never, { lng: 'ja' })).toBe(LESSON_TEXTS.ja.mulligan.title);
  });
});
