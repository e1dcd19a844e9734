/**
 * The English texts: the reference language, bundled with the app. One JSON file per part of the interface
 * (a namespace under its file name: `t('common.reload')`); a new file is added here (or, if only the room and
 * the screens after it read it, in ./later.ts) and in ../ja/index.ts.
 */
import type { later } from './later';
import common from './common.json';
import labels from './labels.json';
import log from './log.json';
import errors from './errors.json';
import glossary from './glossary.json';
import lobby from './lobby.json';
import room from './room.json';
import cards from './cards.json';
import help from './help.json';
import pace from './pace.json';
import tutorial from './tutorial.json';
import settings from './settings.json';
import account from './account.json';
import play from './play.json';

export const en = {
  common,
  labels,
  log,
  errors,
  glossary,
  lobby,
  room,
  cards,
  help,
  pace,
  tutorial,
  settings,
  account,
  play,
};
/** Every English text: the first page's and the later screens' (../later-texts.ts). */
export type Texts = typeof en & typeof later;
