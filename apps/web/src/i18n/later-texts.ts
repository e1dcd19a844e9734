/**
 * Registers the English texts of the room and the screens after it (./en/later.ts) when the first module that
 * shows one is loaded: each such module imports this file (`later-texts.test.ts` checks that they all do), so the
 * texts arrive in the same lazy chunk as their first reader and the lobby's first page does without them. Japanese
 * is one lazy chunk with every area (./ja/index.ts). Importing ./index first: i18next must be initialised.
 */
import i18next from 'i18next';
import './index';
import { later } from './en/later';

i18next.addResourceBundle('en', 'translation', later, true, false);
