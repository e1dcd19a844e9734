/**
 * The page's texts in both languages. They live in this lazy chunk, not in the i18n bundle: they are long and
 * only this page reads them. `Shape` makes the Japanese file keep the English keys (a missing one fails type
 * checking), and texts.test.ts checks them like the interface's texts.
 */
import type { Language } from '../../i18n';
import type { Shape } from '../../i18n/shape';
import en from './en.json';
import ja from './ja.json';

export type HowTo = typeof en;
const jaTexts: Shape<HowTo> = ja;

export function howToTexts(lang: Language): HowTo {
  return lang === 'ja' ? (jaTexts as HowTo) : en;
}

export const HOW_TO_TEXTS = { en, ja: jaTexts };
