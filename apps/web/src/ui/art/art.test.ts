/** The card art: every card gets art, the glyphs shipped are the ones used (and current), rendering is deterministic. */
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createRequire } from 'node:module';
import { beforeEach, describe, expect, it } from 'vitest';
import { cardPool } from '@vroyale/cards';
import { KEYWORDS, type CardDef } from '@vroyale/engine';
import { ALL_ICONS, ART_ICONS, CARD_ICON, hasPortrait, iconName, KEYWORD_ICON, TYPE_ICON } from './icon-map';
import { ICONS } from './icons.generated';
import { KEYWORD_GLYPHS } from './keyword-glyphs.generated';
import { ICON_AUTHOR, ICON_AUTHORS } from './icon-credits';
import { COLOUR_HUE, hash, placeholder, tintOf } from './palette';
import { artSvg, artUrl, clearArtCache } from './render';
import { CardArt } from './card-art';

const all = Object.values(cardPool);
const fullSet = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('@iconify-json/game-icons/icons.json'), 'utf8')) as {
  icons: Record<string, { body: string }>;
};
const shipped = (name: string) => fullSet.icons[name]?.body.replaceAll(' fill="currentColor"', '');

describe('icons', () => {
  it('every card resolves: characters and leaders to a portrait, everything else (tokens too) to a hand-picked icon that exists', () => {
    const bad: string[] = [];
    for (const d of all) {
      if (hasPortrait(d)) continue;
      if (!CARD_ICON[d.id]) bad.push(`${d.id}: no hand-picked icon`);
      if (!ICONS[iconName(d)]) bad.push(`${d.id}: ${iconName(d)} not shipped`);
    }
    expect(bad).toEqual([]);
    expect(all.filter((d) => !hasPortrait(d)).length).toBeGreaterThan(50);
    expect(Object.keys(CARD_ICON).filter((id) => !cardPool[id])).toEqual([]);
  });

  it("a card without a hand-picked icon falls back to its type's", () => {
    const def = { id: 'brand-new', types: ['event'], token: undefined } as Pick<CardDef, 'id' | 'types' | 'token'>;
    expect(iconName(def)).toBe(TYPE_ICON.event);
    expect(iconName({ ...def, types: ['character'], token: true })).toBe(TYPE_ICON.token);
  });

  it('ships exactly the glyphs used, as the icon set draws them (run scripts/extract-icons.ts when this fails)', () => {
    expect(Object.keys(ICONS).sort()).toEqual([...ART_ICONS]);
    for (const n of ART_ICONS) expect(ICONS[n], n).toBe(shipped(n));
    expect(Object.keys(KEYWORD_GLYPHS).sort()).toEqual(Object.values(KEYWORD_ICON).sort());
    for (const n of Object.values(KEYWORD_ICON)) expect(KEYWORD_GLYPHS[n], n).toBe(shipped(n));
    expect(Object.keys(KEYWORD_ICON).sort()).toEqual([...KEYWORDS].sort());
  });

  it('every shipped glyph has its author credited', () => {
    for (const n of ALL_ICONS) expect(ICON_AUTHORS[ICON_AUTHOR[n] ?? ''], n).toBeTruthy();
  });
});

describe('rendering', () => {
  beforeEach(() => clearArtCache());

  it('is deterministic: the same card gives the same SVG, cached or rendered again', () => {
    const first = all.map((d) => artSvg(d));
    expect(all.map((d) => artSvg(d))).toEqual(first);
    clearArtCache();
    expect(all.map((d) => artSvg(d))).toEqual(first);
    expect(artUrl(all[0]!)).toBe(artUrl(all[0]!));
    expect(artUrl(all[0]!)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg /);
  });

  it('gives every card art of its own', () => {
    const svgs = all.map((d) => artSvg(d));
    expect(new Set(svgs).size).toBe(all.length);
    for (const [i, s] of svgs.entries()) {
      expect(s, all[i]!.id).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 300 180"[^>]*>[\s\S]*<\/svg>$/);
      expect(s, all[i]!.id).not.toMatch(/undefined|NaN|null/);
    }
  });

  it("draws characters and leaders as DiceBear portraits in the card's colour, the rest as their glyph", () => {
    for (const d of all) {
      const s = artSvg(d);
      if (hasPortrait(d)) {
        expect(s, d.id).toContain('<dc:title>Lorelei</dc:title>');
        expect(s, d.id).toContain(`fill="#${tintOf(d).hair}"`);
      } else expect(s, d.id).toContain(ICONS[iconName(d)]!);
    }
    // Leaders look different: a gold frame and a crown.
    const leader = artSvg(cardPool['captain-pixelhook']!);
    const character = artSvg(cardPool['chat-regular']!);
    expect(leader).toContain(ICONS.crown!);
    expect(character).not.toContain(ICONS.crown!);
  });

  it('an SSR printing shows the same person as its SR card, with a foil sheen', () => {
    for (const d of all.filter((c) => c.rarity === 'SSR')) {
      const base = cardPool[d.variantOf!]!;
      const face = (s: string) => s.slice(s.indexOf('<metadata'), s.lastIndexOf('</svg>', s.lastIndexOf('</svg>') - 1));
      expect(face(artSvg(d)), d.id).toBe(face(artSvg(base)));
      expect(artSvg(d), d.id).toContain('url(#foil)');
      expect(artSvg(base), d.id).not.toContain('url(#foil)');
    }
  });

  it("tints by the card's colour (near its hue), and by a hash for a card without one", () => {
    for (const d of all) {
      expect(Math.abs(((tintOf(d).hue - COLOUR_HUE[d.colour!] + 540) % 360) - 180), d.id).toBeLessThanOrEqual(8);
    }
    const near = (hue: number, to: number) => Math.abs(((hue - to + 540) % 360) - 180);
    expect(near(tintOf({ id: 'no-colour' }).hue, hash('no-colour') % 360)).toBeLessThanOrEqual(8);
    expect(tintOf({ id: 'no-colour' })).toEqual(tintOf({ id: 'no-colour' }));
    expect(placeholder(cardPool['chat-regular']!)).toMatch(/^linear-gradient\(160deg, #[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
    expect(hash('a')).toBe(0xe40c292c); // FNV-1a's published value: the same in every engine
  });
});

describe('CardArt', () => {
  it("renders the card's colours at once (the art comes with its chunk), hidden from assistive technology", () => {
    const def = cardPool['chat-regular']!;
    const html = renderToStaticMarkup(createElement(CardArt, { def, className: 'x' }));
    expect(html).toContain('class="card-art x"');
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain(`background:${placeholder(def)}`);
    expect(html).not.toContain('<img');
  });
});
