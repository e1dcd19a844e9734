/**
 * The Japanese texts, loaded on demand (a separate chunk) when Japanese is chosen. The same files and keys as
 * ../en: `Shape<Texts>` makes a missing or extra key a type error, and i18n/texts.test.ts checks the JSON too
 * (placeholders, plural forms, nothing left in English).
 */
import type { Shape, Texts } from '../shape';
import common from './common.json';
import labels from './labels.json';
import log from './log.json';
import errors from './errors.json';
import glossary from './glossary.json';
import choices from './choices.json';
import lobby from './lobby.json';
import room from './room.json';
import stops from './stops.json';
import cards from './cards.json';
import playmat from './playmat.json';
import prompt from './prompt.json';
import deck from './deck.json';
import replay from './replay.json';
import help from './help.json';
import pace from './pace.json';
import tutorial from './tutorial.json';
import settings from './settings.json';
import account from './account.json';
import play from './play.json';
import profile from './profile.json';
import series from './series.json';
import events from './events.json';
import puzzles from './puzzles.json';

export const ja: Shape<Texts> = {
  common,
  labels,
  log,
  errors,
  glossary,
  choices,
  lobby,
  room,
  stops,
  cards,
  playmat,
  prompt,
  deck,
  replay,
  help,
  pace,
  tutorial,
  settings,
  account,
  play,
  profile,
  series,
  events,
  puzzles,
};
