/**
 * The lessons' texts in both languages. They live in the coach's lazy chunk, not in the i18n bundle the lobby
 * loads first (they are long, and only the coach reads them): on import they are added to i18next under
 * `tutorial.lessons.<id>.<part>`, so lessons.ts reads them with `t` like any text (placeholders, the Japanese
 * bundle arriving later merges around them). `Shape` makes the Japanese file keep the English keys;
 * lesson-texts.test.ts checks them like the interface's texts.
 */
import i18next from 'i18next';
// i18next is set up there: it must be before a bundle can be added.
import '../i18n';
import type { Shape } from '../i18n/shape';
import en from './texts/en.json';
import ja from './texts/ja.json';

export type LessonTexts = typeof en;
const jaTexts: Shape<LessonTexts> = ja;

export const LESSON_TEXTS = { en, ja: jaTexts as LessonTexts };

for (const [lang, lessons] of Object.entries(LESSON_TEXTS)) i18next.addResourceBundle(lang, 'translation', { tutorial: { lessons } }, true, true);
