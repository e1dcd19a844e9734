/** Card sizes that follow the space available: pure functions (unit-tested) and the width hook that feeds them. */
import { useLayoutEffect, useState, type RefObject } from 'react';
import type { CardView } from '@vroyale/engine';

/** An element's content width, kept current with a ResizeObserver (null: not measured). */
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

/** Cards in a row (the hand) shrink to fit its width, down to `min`. */
export function rowCardWidth(n: number, width: number, max: number, min: number): number {
  if (n <= 0) return max;
  return Math.max(min, Math.min(max, Math.floor((width - 12 - 8 * (n - 1)) / n)));
}

const STAR_W = 46;
/** Star Pool cards sit side by side while there is room, and overlap just enough when there is not. */
export function starGap(cards: readonly CardView[], width: number): number {
  if (cards.length < 2) return 4;
  const total = cards.reduce((n, c) => n + (c.tilted ? STAR_W * 1.4 : STAR_W), 0);
  return Math.min(4, Math.floor((width - 4 - total) / (cards.length - 1)));
}

const STAGE_MAX = 84;
const STAGE_MIN = 54;
/** A crowded stage draws its cards smaller (down to a readable minimum) instead of hiding them off to the side. */
export function stageCardWidth(cards: readonly CardView[], width: number): number {
  const ids = new Set(cards.map((c) => c.id));
  let units = 0;
  let extra = 8; // padding
  for (const c of cards) {
    if (c.attachedTo && ids.has(c.attachedTo)) {
      extra += 10;
      continue;
    }
    units += c.tilted ? 1.4 : 1;
    extra += 8;
  }
  if (units === 0) return STAGE_MAX;
  return Math.max(STAGE_MIN, Math.min(STAGE_MAX, Math.floor((width - extra) / units)));
}
