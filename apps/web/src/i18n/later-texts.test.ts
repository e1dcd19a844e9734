/**
 * The room's English texts come with their first reader (later-texts.ts): every module that names a key of one of
 * those areas must import later-texts.ts itself, or a screen reached without it would show bare keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { en } from './en/index';
import { later } from './en/later';
import { t } from './index';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const AREAS = Object.keys(later);
// A key of a later area as it is written in code: 'playmat.x', "deck.y", `choices.${kind}`.
const KEY = new RegExp(`['"\`](${AREAS.join('|')})\\.[A-Za-z$]`);
const IMPORT = /^import '(\.\.?\/)+(i18n\/)?later-texts';$/m;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the texts of the room and the screens after it', () => {
  it('are imported by every module that names one of their keys', () => {
    const readers = sources(SRC).filter((f) => !relative(SRC, f).startsWith('i18n/') && KEY.test(readFileSync(f, 'utf8')));
    expect(readers.length).toBeGreaterThan(20); // the playmat, the prompt, the deck builder, the replay, profiles...
    expect(readers.filter((f) => !IMPORT.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f))).toEqual([]);
  });

  it('are areas of their own, apart from the first page', () => {
    expect(AREAS.filter((a) => a in en)).toEqual([]);
  });

  it('are there once later-texts.ts is loaded', async () => {
    const tx = t as unknown as (key: string) => string;
    expect(tx('playmat.and')).toBe('playmat.and'); // a bare key: not on the first page
    await import('./later-texts');
    expect(tx('playmat.and')).toBe(' and ');
    for (const area of AREAS) expect(i18next.getResource('en', 'translation', area), area).toEqual(later[area as keyof typeof later]);
  });
});
