/** Keyword glyphs and the legend, rendered on the server: six keywords, their glyphs, names and rules, both languages. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { KEYWORDS } from '@vroyale/engine';
import { setLanguage } from '../i18n';
import { untranslated } from '../i18n/check-texts';
import { KEYWORD_ICON } from './art/icon-map';
import { KEYWORD_GLYPHS } from './art/keyword-glyphs.generated';
import { KeywordIcon, KeywordLegend } from './keyword-icon';

const items = (html: string) => [...html.matchAll(/<li class="kw-legend-item"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('keyword icons', () => {
  afterAll(() => setLanguage('en', false));

  it("draw each keyword with its own game-icons glyph, filled, keeping the chip's accessible name", () => {
    const html = renderToStaticMarkup(createElement(KeywordIcon, { k: 'raid', label: 'Raid', text: 'Excess damage…' }));
    expect(html).toContain('aria-label="Raid: Excess damage…"');
    expect(html).toContain('viewBox="0 0 512 512"');
    expect(html).toContain('fill:currentColor');
    expect(html).toContain(KEYWORD_GLYPHS[KEYWORD_ICON.raid]!);
    expect(new Set(KEYWORDS.map((k) => KEYWORD_ICON[k])).size).toBe(KEYWORDS.length);
  });

  it('the legend lists every keyword in English: glyph, name, a one-line rule', async () => {
    await setLanguage('en', false);
    const rows = items(renderToStaticMarkup(createElement(KeywordLegend)));
    expect(rows).toHaveLength(6);
    KEYWORDS.forEach((k, i) => expect(rows[i]).toContain(KEYWORD_GLYPHS[KEYWORD_ICON[k]]!));
    expect(text(rows[0]!)).toBe('Ban Combat damage it deals graduates a character without Ban.');
    expect(text(rows[5]!)).toContain('Raid');
  });

  it('the legend in Japanese, and for the keywords given only', async () => {
    await setLanguage('ja', false);
    const rows = items(renderToStaticMarkup(createElement(KeywordLegend)));
    expect(rows.map((r) => text(r).split(' ')[0])).toEqual(['バン', 'コールアウト', 'クリップ', 'クラウト', 'モデレーター', 'レイド']);
    for (const r of rows) expect(untranslated(text(r))).toEqual([]);
    expect(items(renderToStaticMarkup(createElement(KeywordLegend, { keywords: ['clip'] })))).toHaveLength(1);
  });
});
