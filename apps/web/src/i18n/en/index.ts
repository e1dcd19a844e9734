/**
 * The English texts: the reference language, bundled with the app. One JSON file per part of the interface
 * (a namespace under its file name: `t('common.reload')`); a new file is added here and in ../ja/index.ts.
 */
import common from './common.json';
import settings from './settings.json';

export const en = { common, settings };
export type Texts = typeof en;
