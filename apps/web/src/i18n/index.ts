/**
 * The interface's languages, through i18next: the maintained, framework-free standard (interpolation, plurals
 * per language, fallbacks), about 14 KB gzip. Components read texts with `useT()`, a small hook over i18next's
 * `languageChanged` event (react-i18next would add 6 KB for the same re-render), and nothing else writes a
 * string into a component. English is bundled; Japanese is fetched when chosen.
 *
 * The choice is remembered per person in this browser (localStorage); without one, the browser's language
 * decides. Card names come from the card data (`nameJa` in Japanese: game/labels.ts `cardName`); the rules
 * text is generated per language by the engine (`rulesText(def, lookup, language)`).
 */
import i18next, { type TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { en, type Texts } from './en/index';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'ja', label: '日本語' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Texts };
  }
}

const KEY = 'vroyale.language';

function stored(): Language | null {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'en' || v === 'ja' ? v : null;
  } catch {
    return null;
  }
}

function fromBrowser(): Language {
  const langs = typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]);
  return langs.some((l) => l?.toLowerCase().startsWith('ja')) ? 'ja' : 'en';
}

void i18next.init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initImmediate: false,
  showSupportNotice: false,
});

const loaded = new Set<Language>(['en']);

async function load(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  if (lang === 'ja') i18next.addResourceBundle('ja', 'translation', (await import('./ja/index')).ja, true, true);
  loaded.add(lang);
}

/** Switches the interface's language (fetching it first if needed) and remembers the choice. */
export async function setLanguage(lang: Language, remember = true): Promise<void> {
  await load(lang);
  if (remember) {
    try {
      localStorage.setItem(KEY, lang);
    } catch {
      // private mode: the choice lasts this page only
    }
  }
  if (typeof document !== 'undefined') document.documentElement.lang = lang; // absent in node tests
  await i18next.changeLanguage(lang);
}

/** At start-up: the remembered language, else the browser's. */
export function startLanguage(): Promise<void> {
  const lang = stored() ?? fromBrowser();
  return lang === 'en' ? Promise.resolve() : setLanguage(lang, false);
}

export const language = (): Language => (i18next.language === 'ja' ? 'ja' : 'en');

/** The translate function outside React (log sentences, toasts). */
export const t = i18next.t.bind(i18next) as TFunction;

function subscribe(onChange: () => void): () => void {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
}

/** The translate function for a component; it re-renders when the language changes. */
export function useT(): TFunction {
  useSyncExternalStore(subscribe, language, language);
  return t;
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, language, language);
}
