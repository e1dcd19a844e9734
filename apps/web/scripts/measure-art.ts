/**
 * The art's weight in the built app (run `npm run build:web` first, then `npx tsx apps/web/scripts/measure-art.ts`):
 * gzip bytes (level 9, as the e2e suite measures) of the lobby's initial JavaScript (the entry and its
 * modulepreloads, which must stay under 150 KB) and of the chunks that carry the art, found by what they
 * hold: the art's own chunk (DiceBear's Lorelei and the card glyphs, fetched on first use), the one with the
 * keyword glyphs (and CardArt, loaded with the cards), the About page's. Prints one JSON line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { ICONS } from '../src/ui/art/icons.generated';
import { KEYWORD_GLYPHS } from '../src/ui/art/keyword-glyphs.generated';
import { ABOUT_TEXTS } from '../src/ui/about/texts';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const read = (f: string) => readFileSync(dist + f, 'utf8');
const gz = (f: string) => gzipSync(readFileSync(dist + f), { level: 9 }).length;
const initial = [...read('index.html').matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
const assets = readdirSync(`${dist}assets`)
  .filter((f) => f.endsWith('.js'))
  .map((f) => `assets/${f}`);
// A bit of each glyph's path data (minifiers leave strings alone).
const mark = (svg: string) => /d="([^"]{24})/.exec(svg)![1]!;
const holding = (s: string) => assets.filter((f) => read(f).includes(s));
const chunk = (files: string[]) => ({ files: files.map((f) => f.replace(/^assets\//, '')), gzip: files.reduce((n, f) => n + gz(f), 0) });

const lorelei = 'figma.com/community/file/1198749693280469639';
const art = holding(lorelei);
console.log(
  JSON.stringify({
    initialJs: chunk(initial),
    artChunk: chunk(art),
    cardGlyphsWithTheArt: holding(mark(ICONS.teapot!)).every((f) => art.includes(f)),
    keywordChunk: chunk(holding(mark(KEYWORD_GLYPHS['hammer-drop']!))),
    aboutChunk: chunk(holding(ABOUT_TEXTS.en.title)),
    artInInitialJs: initial.some((f) => read(f).includes(lorelei) || read(f).includes(mark(KEYWORD_GLYPHS['hammer-drop']!))),
  }),
);
