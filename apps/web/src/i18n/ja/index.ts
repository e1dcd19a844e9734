/**
 * The Japanese texts, loaded on demand (a separate chunk) when Japanese is chosen. The same files and keys as
 * ../en: `Shape<Texts>` makes a missing or extra key a type error, and i18n/texts.test.ts checks the JSON too
 * (placeholders, plural forms, nothing left in English).
 */
import type { Shape, Texts } from '../shape';
import common from './common.json';
import settings from './settings.json';

export const ja: Shape<Texts> = { common, settings };
