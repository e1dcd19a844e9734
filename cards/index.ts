/** @vroyale/cards: the VRoyale card set as validated data, plus starter (and demo) rosters. */
import type { CardDef } from '@vroyale/engine';
import leaders from './data/leaders.json' with { type: 'json' };
import characters from './data/characters.json' with { type: 'json' };
import highlights from './data/highlights.json' with { type: 'json' };
import events from './data/events.json' with { type: 'json' };
import assets from './data/assets.json' with { type: 'json' };
import tokens from './data/tokens.json' with { type: 'json' };
import { loadCardFiles } from './load-card-files.js';

export { loadCardFiles, type CardFileSource, type LoadedCards } from './load-card-files.js';
export { demoRosters, type DemoRoster } from './demo-rosters.js';
export { starterRosters, type StarterRoster } from './starters.js';
export { tutorialRosters, TUTORIAL_SEED, type TutorialRoster } from './tutorial-rosters.js';

// Static imports (not fs) so the same module works in Node, tsx, Vitest and the Vite browser build.
const loaded = loadCardFiles([
  { file: 'data/leaders.json', json: leaders },
  { file: 'data/characters.json', json: characters },
  { file: 'data/highlights.json', json: highlights },
  { file: 'data/events.json', json: events },
  { file: 'data/assets.json', json: assets },
  { file: 'data/tokens.json', json: tokens },
]);

/** Every definition by id, tokens included. */
export const cardPool: Record<string, CardDef> = loaded.pool;
/** Cards that may go in a roster (no tokens). */
export const cardList: CardDef[] = loaded.cards;
export const tokenList: CardDef[] = loaded.tokens;

export function getCard(id: string): CardDef | undefined {
  return Object.prototype.hasOwnProperty.call(cardPool, id) ? cardPool[id] : undefined;
}
