/**
 * The card art, drawn in code: an SVG string per card, deterministic (the same card gives the same bytes)
 * and cached per card id. Loaded lazily (card-art.tsx imports it with `import()`): DiceBear and the glyphs
 * are most of its weight.
 *
 * - Characters and leaders: a DiceBear "Lorelei" portrait (CC0, Lisa Wischofsky) seeded by the card id
 *   (an SSR by its SR card's: the same person), hair in the card's colour, over a gradient and a pattern
 *   chosen by the id. Leaders add a gold frame, a crown badge and rays.
 * - Highlights, events, assets and tokens: their game-icons.net glyph (icon-map.ts) on a medallion, over a
 *   backdrop that tells the type apart (rays for highlights, confetti for events, a blueprint grid for
 *   assets, dots for tokens).
 * - SSR printings get a foil sheen.
 * The SVG is 300 × 180 (5:3) and slices to fill whatever box it is drawn in: what matters is in the middle.
 */
import { createAvatar } from '@dicebear/core';
import * as lorelei from '@dicebear/lorelei';
import type { CardDef } from '@vroyale/engine';
import { ICONS } from './icons.generated';
import { hasPortrait, iconName, LEADER_ICON } from './icon-map';
import { tintOf, type Tint } from './palette';

export const ART_W = 300;
export const ART_H = 180;
const CX = ART_W / 2;
const GOLD = 'f6c945';
/** Skin tones, light to dark, one per card by its id (Lorelei's default is plain white). */
const SKIN = ['ffffff', 'fff1e6', 'ffe0c7', 'f3c9a3', 'd9a37a', 'a8734f'];

type ArtDef = Pick<CardDef, 'id' | 'types' | 'token' | 'colour' | 'variantOf' | 'rarity'>;

/** A small deterministic generator (mulberry32) for the art's scattered bits. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** A glyph of 512 units, `size` wide, centred on (x, y). */
function glyph(name: string, x: number, y: number, size: number, fill: string, extra = ''): string {
  const s = size / 512;
  return `<g transform="translate(${r1(x - size / 2)} ${r1(y - size / 2)}) scale(${s.toFixed(4)})" fill="#${fill}"${extra}>${ICONS[name] ?? ''}</g>`;
}

/** Wedges from (cx, cy): a sunburst. */
function rays(cx: number, cy: number, n: number, colour: string, opacity: number, turn = 0): string {
  const R = 400;
  let d = '';
  for (let i = 0; i < n; i++) {
    const a0 = ((i + turn) / n) * 2 * Math.PI;
    const a1 = ((i + turn + 0.5) / n) * 2 * Math.PI;
    d += `M${cx} ${cy}L${r1(cx + R * Math.cos(a0))} ${r1(cy + R * Math.sin(a0))}L${r1(cx + R * Math.cos(a1))} ${r1(cy + R * Math.sin(a1))}Z`;
  }
  return `<path d="${d}" fill="#${colour}" opacity="${opacity}"/>`;
}

/** A tiling pattern `id` over the whole art. */
function tile(kind: number | null, t: Tint): { defs: string; use: string } {
  if (kind === null) return { defs: '', use: '' };
  const c = `#${t.glow}`;
  const cells = [
    `<pattern id="pt" width="14" height="14" patternUnits="userSpaceOnUse"><circle cx="7" cy="7" r="2.2" fill="${c}"/></pattern>`,
    `<pattern id="pt" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="7" height="16" fill="${c}"/></pattern>`,
    `<pattern id="pt" width="30" height="30" patternUnits="userSpaceOnUse"><path d="M15 6l2.5 6.5L24 15l-6.5 2.5L15 24l-2.5-6.5L6 15l6.5-2.5z" fill="${c}"/></pattern>`,
    `<pattern id="pt" width="20" height="20" patternUnits="userSpaceOnUse"><path d="M0 0H20V20" fill="none" stroke="${c}" stroke-width="1.6"/></pattern>`,
    `<pattern id="pt" width="24" height="12" patternUnits="userSpaceOnUse"><path d="M0 9l6-6 6 6 6-6 6 6" fill="none" stroke="${c}" stroke-width="2"/></pattern>`,
  ];
  return { defs: cells[kind % cells.length]!, use: `<rect width="${ART_W}" height="${ART_H}" fill="url(#pt)" opacity=".22"/>` };
}

function backdrop(t: Tint, pattern: number | null): { defs: string; body: string } {
  const p = tile(pattern, t);
  return {
    defs:
      `<linearGradient id="bg" x1="0" y1="0" x2=".35" y2="1"><stop offset="0" stop-color="#${t.light}"/><stop offset="1" stop-color="#${t.dark}"/></linearGradient>` +
      `<radialGradient id="gl" cx=".5" cy=".45" r=".55"><stop offset="0" stop-color="#${t.glow}" stop-opacity=".85"/><stop offset="1" stop-color="#${t.glow}" stop-opacity="0"/></radialGradient>` +
      p.defs,
    body: `<rect width="${ART_W}" height="${ART_H}" fill="url(#bg)"/>${p.use}`,
  };
}

function foil(): { defs: string; body: string } {
  const hues = ['ff6ad5', 'c774e8', 'ad8cff', '8795e8', '94d0ff', '9dffb0', 'fff38a', 'ff6ad5'];
  const stops = hues.map((h, i) => `<stop offset="${r1(i / (hues.length - 1))}" stop-color="#${h}"/>`).join('');
  return {
    defs: `<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1">${stops}</linearGradient>`,
    body:
      `<rect width="${ART_W}" height="${ART_H}" fill="url(#foil)" opacity=".32" style="mix-blend-mode:screen"/>` +
      `<path d="M60 0h34L-6 180h-34zM190 0h14L104 180H90z" fill="#fff" opacity=".28"/>`,
  };
}

function portrait(def: ArtDef, t: Tint): string {
  const leader = def.types.includes('leader');
  const seedId = def.variantOf ?? def.id;
  const avatar = createAvatar(lorelei, {
    seed: seedId,
    hairColor: [t.hair],
    skinColor: [SKIN[(t.seed >>> 5) % SKIN.length]!],
    hairAccessoriesColor: [t.glow],
    beardProbability: 0,
    earringsProbability: 30,
    glassesProbability: 15,
    frecklesProbability: 20,
    hairAccessoriesProbability: 30,
    flip: (t.seed & 1) === 1,
  }).toString();
  const size = leader ? 196 : 212;
  const face = avatar.replace('<svg ', `<svg x="${CX - size / 2}" y="${leader ? 10 : -4}" width="${size}" height="${size}" `);
  const b = backdrop(t, t.seed >>> 3);
  const f = def.rarity === 'SSR' ? foil() : null;
  const ring = `<ellipse cx="${CX}" cy="96" rx="104" ry="92" fill="url(#gl)"/>`;
  const gold = leader
    ? rays(CX, 86, 22, GOLD, 0.22, (t.seed % 7) / 7) +
      ring +
      face +
      `<rect x="4" y="4" width="${ART_W - 8}" height="${ART_H - 8}" rx="10" fill="none" stroke="#${t.deep}" stroke-width="8" opacity=".6"/>` +
      `<rect x="4" y="4" width="${ART_W - 8}" height="${ART_H - 8}" rx="10" fill="none" stroke="#${GOLD}" stroke-width="5"/>` +
      `<rect x="11" y="11" width="${ART_W - 22}" height="${ART_H - 22}" rx="6" fill="none" stroke="#${GOLD}" stroke-width="1.5" opacity=".7"/>` +
      `<g><circle cx="34" cy="34" r="21" fill="#${t.deep}" stroke="#${GOLD}" stroke-width="3"/>${glyph(LEADER_ICON, 34, 33, 28, GOLD)}</g>`
    : ring + face;
  return svg(b.defs + (f?.defs ?? ''), b.body + gold + (f?.body ?? ''));
}

/** The type's backdrop behind a glyph. */
function motif(def: ArtDef, t: Tint): string {
  const r = rng(t.seed);
  if (def.token) return '';
  if (def.types.includes('highlight')) return rays(CX, 90, 18, t.glow, 0.2, r());
  if (def.types.includes('event')) {
    let s = '';
    for (let i = 0; i < 26; i++) {
      const x = r1(r() * ART_W);
      const y = r1(r() * ART_H);
      const colour = i % 3 === 0 ? t.glow : i % 3 === 1 ? 'ffffff' : t.light;
      s += `<rect x="${x}" y="${y}" width="9" height="4" rx="1.5" fill="#${colour}" opacity=".55" transform="rotate(${Math.round(r() * 180)} ${x} ${y})"/>`;
    }
    return s;
  }
  // assets: a blueprint's corner marks over the grid
  return `<path d="M14 34V14h20M266 14h20v20M286 146v20h-20M34 166H14v-20" fill="none" stroke="#${t.glow}" stroke-width="3" opacity=".7"/>`;
}

function iconArt(def: ArtDef, t: Tint): string {
  // Highlights have their rays; the rest a pattern of their own (dots, blueprint grid, stars).
  const kind = def.token ? 0 : def.types.includes('asset') ? 3 : def.types.includes('highlight') ? null : 2;
  const b = backdrop({ ...t, light: t.dark, dark: t.deep }, kind);
  const f = def.rarity === 'SSR' ? foil() : null;
  const shadow = `<filter id="sh" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="0" dy="4" stdDeviation="4" flood-color="#000" flood-opacity=".5"/></filter>`;
  const medal =
    `<circle cx="${CX}" cy="90" r="76" fill="url(#gl)"/>` +
    `<circle cx="${CX}" cy="90" r="62" fill="#${t.light}" opacity=".22" stroke="#${t.glow}" stroke-width="2.5" stroke-opacity=".8"/>`;
  const icon = glyph(iconName(def), CX, 90, 112, 'ffffff', ' filter="url(#sh)"');
  return svg(b.defs + shadow + (f?.defs ?? ''), b.body + motif(def, t) + medal + icon + (f?.body ?? ''));
}

function svg(defs: string, body: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${ART_W} ${ART_H}" width="${ART_W}" height="${ART_H}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${defs}</defs>${body}</svg>`
  );
}

/** A glyph's SVG markup (512 units, no fill: it takes the element's), for pages that show the icons themselves. */
export const iconMarkup = (name: string): string => ICONS[name] ?? '';

const svgs = new Map<string, string>();

/** The card's art as an SVG document (cached per card id). */
export function artSvg(def: ArtDef): string {
  let s = svgs.get(def.id);
  if (s === undefined) {
    const t = tintOf(def);
    s = hasPortrait(def) ? portrait(def, t) : iconArt(def, t);
    svgs.set(def.id, s);
  }
  return s;
}

const urls = new Map<string, string>();

/**
 * The art as a data URL for an <img> (made once per card id). A data URL, not an object URL: the server's
 * Content-Security-Policy allows `img-src 'self' data:`. Only what a URL cannot hold is escaped (`%`, `#`,
 * line breaks): a third smaller than encodeURIComponent.
 */
export function artUrl(def: ArtDef): string {
  let u = urls.get(def.id);
  if (u === undefined) {
    u = `data:image/svg+xml;charset=utf-8,${artSvg(def).replace(/[%#\r\n]/g, encodeURIComponent)}`;
    urls.set(def.id, u);
  }
  return u;
}

/** For tests: forget every rendered SVG. */
export function clearArtCache(): void {
  svgs.clear();
  urls.clear();
}
