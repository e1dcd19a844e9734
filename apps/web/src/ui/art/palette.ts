/**
 * A card's colours, from its `colour` (card data; a hue from its id for a hand-made card without one) and a
 * hash of its id, so two cards of one colour are near but never the same. Pure and small: the placeholder
 * the frame shows before the art's chunk arrives uses it too.
 */
import type { CardColour, CardDef } from '@vroyale/engine';

/** The hue of each card colour (degrees). */
export const COLOUR_HUE: Readonly<Record<CardColour, number>> = {
  red: 356,
  orange: 24,
  yellow: 44,
  green: 140,
  teal: 180,
  blue: 212,
  purple: 268,
  pink: 322,
};

/** FNV-1a, 32 bits: a stable number from a string (the same in every browser and in node). */
export function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** "rrggbb" for an HSL colour (h in degrees, s and l in 0..100). */
export function hex(h: number, s: number, l: number): string {
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `${f(0)}${f(8)}${f(4)}`;
}

export interface Tint {
  /** The card's hue, its colour's plus or minus a few degrees. */
  hue: number;
  /** Background, light end and dark end; the glow behind a portrait or a glyph; hair; a deep shade. */
  light: string;
  dark: string;
  glow: string;
  hair: string;
  deep: string;
  /** A number from the id, for the art's other choices (pattern, accents). */
  seed: number;
}

export function tintOf(def: Pick<CardDef, 'id' | 'colour' | 'variantOf'>): Tint {
  // An SSR printing is the same person as its SR card: same colours (and, in render.ts, the same face).
  const id = def.variantOf ?? def.id;
  const seed = hash(id);
  const base = def.colour ? COLOUR_HUE[def.colour] : seed % 360;
  const hue = (base + ((seed >>> 8) % 17) - 8 + 360) % 360;
  const lift = (seed >>> 16) % 9; // 0..8: a little lighter or darker per card
  return {
    hue,
    light: hex(hue, 70, 74 + lift / 2),
    // The dark end leans to a neighbouring hue; yellows lean to orange (leaning to green they turn olive).
    dark: hex((hue + (hue >= 30 && hue <= 75 ? -20 : 18) + 360) % 360, hue >= 30 && hue <= 75 ? 70 : 55, 34 + lift),
    glow: hex(hue, 90, 90),
    hair: hex((hue + ((seed >>> 20) % 31) - 15 + 360) % 360, 78, 42 + lift),
    deep: hex(hue, 60, 16),
    seed,
  };
}

/** A CSS gradient in the card's colours: what the frame shows while the art loads. */
export function placeholder(def: Pick<CardDef, 'id' | 'colour' | 'variantOf'>): string {
  const t = tintOf(def);
  return `linear-gradient(160deg, #${t.light}, #${t.dark})`;
}
