/**
 * The About page's texts in both languages, in its lazy chunk (only this page reads them), like How to play.
 * Names (of people, software, licences, sites) are not texts: they stay as they are in every language and
 * come in through placeholders from `NAMES` below. texts.test.ts checks both files like the interface's texts.
 */
import type { Language } from '../../i18n';
import type { Shape } from '../../i18n/shape';
import en from './en.json';
import ja from './ja.json';

export type About = typeof en;
const jaTexts: Shape<About> = ja;

export function aboutTexts(lang: Language): About {
  return lang === 'ja' ? (jaTexts as About) : en;
}

export const ABOUT_TEXTS = { en, ja: jaTexts };

export const NAMES = {
  dicebear: 'DiceBear',
  lorelei: 'Lorelei',
  artist: 'Lisa Wischofsky',
  author: 'Florian Körner',
  site: 'game-icons.net',
  authors: 'Lorc, Delapouite',
  cc0: 'CC0 1.0',
  ccby: 'CC BY 3.0',
  mit: 'MIT',
  example: 'Noto Sans CJK',
  libs: 'React, Zustand, i18next, Socket.IO, Zod',
};

export const LINKS = {
  dicebear: 'https://www.dicebear.com/',
  lorelei: 'https://www.dicebear.com/styles/lorelei/',
  cc0: 'https://creativecommons.org/publicdomain/zero/1.0/',
  site: 'https://game-icons.net/',
  ccby: 'https://creativecommons.org/licenses/by/3.0/',
};

/** "{{name}}" → NAMES.name. */
export function fill(text: string): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (k in NAMES ? NAMES[k as keyof typeof NAMES] : m));
}
