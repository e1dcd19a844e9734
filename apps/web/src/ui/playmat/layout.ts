/** Card sizes that follow the space available: pure functions (unit-tested) and the width hook that feeds them. */
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { CardView } from '@vroyale/engine';

/** An element's content width, kept current with a ResizeObserver (0: not measured). */
export function useWidth(ref: RefObject<HTMLElement | null> | null): number {
  const [w, setW] = useState(0);
  useLayoutEffect(() => {
    const el = ref?.current;
    if (!el) return;
    setW(el.clientWidth);
    const ro = new ResizeObserver(() => setW(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return w;
}

/** The hand's card width, read from the CSS (`--card-w-md` on `.hand-fan`); the fan only decides the overlap. */
const HAND_CARD = 112;
const HAND_GAP = 8;

/**
 * How far apart hand cards sit: side by side with a gap while they fit, else overlapping evenly so that the
 * whole hand spans the width (never closer than a quarter of a card, so each name's start stays in view).
 */
export function handFan(n: number, width: number, card = HAND_CARD): { step: number; overlap: boolean } {
  if (n <= 1 || width <= 0) return { step: card + HAND_GAP, overlap: false };
  const natural = card + HAND_GAP;
  if (n * card + (n - 1) * HAND_GAP <= width - 8) return { step: natural, overlap: false };
  const step = Math.max(Math.round(card * 0.25), Math.floor((width - 8 - card) / (n - 1)));
  return { step, overlap: true };
}

const STAGE_MAX = 104;
const STAGE_MIN = 58;
/** A crowded stage draws its cards smaller (down to a readable minimum) instead of hiding them off to the side. */
export function stageCardWidth(cards: readonly CardView[], width: number, max = STAGE_MAX, min = STAGE_MIN): number {
  const ids = new Set(cards.map((c) => c.id));
  let units = 0;
  let extra = 8; // padding
  for (const c of cards) {
    if (c.attachedTo && ids.has(c.attachedTo)) {
      extra += 14;
      continue;
    }
    units += c.tilted ? 1.4 : 1;
    extra += 10;
  }
  if (units === 0) return max;
  return Math.max(min, Math.min(max, Math.floor((width - extra) / units)));
}
