/** The enlarged card of whatever is hovered (or long-pressed), beside it and never off screen. */
import { useLayoutEffect, useRef } from 'react';
import type { CardView } from '@vroyale/engine';
import { store } from '../../store';
import { CardFace } from './card-face';

const ZOOM_W = 250;
const ZOOM_H = 350;

export interface Hover {
  def: string;
  view?: CardView | undefined;
  rect?: { left: number; right: number; top: number } | undefined;
}

/**
 * Beside the hovered card: on the preferred side when there is room, else the other; never off screen. The
 * deck builder prefers the left, so the zoom never covers the roster being built.
 */
export function ZoomPreview({ hover, prefer = 'right' }: { hover: Hover | null; prefer?: 'left' | 'right' }) {
  const def = hover ? store.getState().defs[hover.def] : undefined;
  const ref = useRef<HTMLDivElement>(null);
  // A card with long rules text is taller than the usual frame: keep all of it on screen.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Layout sizes, not the bounding box: the pop-in animation scales the box while it runs.
    const h = el.offsetHeight;
    if (el.offsetTop + h > window.innerHeight - 8) el.style.top = `${Math.max(8, window.innerHeight - 8 - h)}px`;
  });
  if (!hover || !def) return null;
  const v = hover.view ?? null;
  const r = hover.rect;
  const right = r ? r.right + 12 : 0;
  const left = r ? r.left - ZOOM_W - 12 : 0;
  const fitsRight = right + ZOOM_W < window.innerWidth;
  const fitsLeft = left >= 4;
  const style = r
    ? {
        left: prefer === 'left' ? (fitsLeft ? left : fitsRight ? right : 4) : fitsRight ? right : Math.max(4, left),
        top: Math.max(50, Math.min(window.innerHeight - ZOOM_H - 8, r.top - 60)),
      }
    : undefined;
  return (
    <div className="zoom" aria-hidden="true" style={style} ref={ref}>
      <CardFace def={def} view={v} size="lg" zoom={false} />
    </div>
  );
}
