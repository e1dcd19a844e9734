import '../../i18n/later-texts';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { CardDef, CardView } from '@vroyale/engine';
import { menuFor } from '../../game/choices';
import { useT } from '../../i18n';
import { ui } from '../../store';
import { canHover, CardFace } from '../card';
import { startEntry } from './actions';
import { lookup, type Ctx } from './context';

type Box = { left: number; top: number; right: number; bottom: number; width: number; height: number };

/**
 * Where a card's menu goes: above the card, else beside it (right, then left), else below; never over the
 * prompt (combat warnings and options live there) and never off screen.
 */
export function placeMenu(
  a: Box,
  m: { width: number; height: number },
  avoid: Box | null,
  vw = window.innerWidth,
  vh = window.innerHeight,
): { left: number; top: number } {
  const clampX = (x: number) => Math.max(4, Math.min(vw - m.width - 4, x));
  const clampY = (y: number) => Math.max(4, Math.min(vh - m.height - 4, y));
  const midX = a.left + a.width / 2 - m.width / 2;
  const sideY = clampY(a.top + Math.min(12, a.height / 4));
  const candidates = [
    { left: clampX(midX), top: a.top - m.height - 6, fits: a.top - m.height - 6 >= 4 },
    { left: a.right + 6, top: sideY, fits: a.right + 6 + m.width <= vw - 4 },
    { left: a.left - m.width - 6, top: sideY, fits: a.left - m.width - 6 >= 4 },
    { left: clampX(midX), top: a.bottom + 6, fits: a.bottom + 6 + m.height <= vh - 4 },
  ];
  const overlaps = (c: { left: number; top: number }) =>
    !!avoid && c.left < avoid.right && c.left + m.width > avoid.left && c.top < avoid.bottom && c.top + m.height > avoid.top;
  const best = candidates.find((c) => c.fits && !overlaps(c)) ?? candidates.find((c) => c.fits) ?? candidates[0]!;
  return { left: clampX(best.left), top: clampY(best.top) };
}

/**
 * The card's action menu, in a portal so scrolling zones never clip it; placed above (or below) the card. On a
 * touch screen it shows the card large too: a tap there is how a card is inspected before it is played.
 */
export function CardMenu({
  ctx,
  id,
  def,
  view,
  anchor,
}: {
  ctx: Ctx;
  id: string;
  def: CardDef | undefined;
  view?: CardView;
  anchor: RefObject<HTMLDivElement | null>;
}) {
  const t = useT();
  const entries = menuFor(ctx.byCard.get(id) ?? [], def, lookup);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const menu = ref.current;
    const slot = anchor.current;
    return () => {
      // A closing menu gives focus back to its card rather than to the page (if the card then moves, the prompt
      // takes focus: prompt.tsx).
      const active = document.activeElement;
      if (!active || active === document.body || !active.isConnected || menu?.contains(active))
        slot?.querySelector<HTMLElement>('.slot-btn')?.focus({ preventScroll: true });
    };
  }, [anchor]);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const place = (): boolean => {
      const a = anchor.current?.getBoundingClientRect();
      const m = ref.current?.getBoundingClientRect();
      if (!a || !m) return false;
      setPos(placeMenu(a, m, document.querySelector('.mid-main')?.getBoundingClientRect() ?? null));
      (ref.current?.querySelector('button') as HTMLButtonElement | null)?.focus();
      return true;
    };
    if (place()) return;
    // A board that mounts with the menu already open attaches the card's element after this effect: place the
    // menu on the next frame, rather than leave it off screen where no click can reach it.
    const frame = requestAnimationFrame(() => void place());
    return () => cancelAnimationFrame(frame);
  }, [anchor]);
  return createPortal(
    <div
      ref={ref}
      className="card-menu"
      role="menu"
      aria-label={t('playmat.actionsFor', { card: ctx.labels.ref(id) ? ctx.labels.name(id) : (def?.name ?? t('choices.card')) })}
      style={pos ? { left: pos.left, top: pos.top } : { left: -9999, top: 0 }}
    >
      {!canHover() && def && (
        <div className="menu-card" aria-hidden="true">
          <CardFace def={def} view={view ?? null} size="md" zoom={false} />
        </div>
      )}
      {entries.map((e) => (
        <button key={e.key} role="menuitem" disabled={ctx.busy} onClick={(ev) => (ev.stopPropagation(), startEntry(ctx, id, e))} title={e.detail}>
          <span>{e.label}</span>
          {e.detail && <small>{e.detail}</small>}
        </button>
      ))}
      <button role="menuitem" className="menu-close" onClick={(ev) => (ev.stopPropagation(), ui.setState({ menu: null }))}>
        {t('playmat.close')}
      </button>
    </div>,
    document.body,
  );
}
