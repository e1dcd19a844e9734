/**
 * The English texts only the room and the screens after it read (the playmat, prompts, card menus, stops, the deck
 * builder, the replay, profiles, a best-of-three's series and side deck, the Events pages, the Puzzles page): kept off the lobby's first page and
 * registered by ../later-texts.ts, which every module using one of these areas imports (docs/performance.md, "The
 * first page").
 */
import choices from './choices.json';
import stops from './stops.json';
import playmat from './playmat.json';
import prompt from './prompt.json';
import deck from './deck.json';
import replay from './replay.json';
import profile from './profile.json';
import series from './series.json';
import events from './events.json';
import puzzles from './puzzles.json';

export const later = { choices, stops, playmat, prompt, deck, replay, profile, series, events, puzzles };
