/** The building blocks of a manager's side: face-down piles, titled zones, and a stage with equipped assets. */
import '../../i18n/later-texts';
import { useRef, type CSSProperties, type ReactNode } from 'react';
import type { CardView } from '@vroyale/engine';
import type { CardSize } from '../card';
import { BoardCard } from './board-card';
import { useDrop, type DropTarget } from './dnd';
import { useT } from '../../i18n';
import type { Ctx } from './context';
import { stageCardWidth, useWidth } from './layout';

/** Small glyphs for the piles: a face-down stack (the roster), a mortarboard (graduation), a moon (hiatus). */
const PILE_ICONS = {
  roster: 'M7 3h11a1 1 0 011 1v14a1 1 0 01-1 1H7a1 1 0 01-1-1V4a1 1 0 011-1zM4 6v14a1 1 0 001 1h11',
  graduation: 'M12 4L1 9l11 5 9-4.1V16h2V9zM5 12.2V16c0 1.7 3.1 3 7 3s7-1.3 7-3v-3.8l-7 3.2z',
  hiatus: 'M20 14.5A8.5 8.5 0 019.5 4a8.5 8.5 0 1010.5 10.5z',
} as const;

export function Pile({
  title,
  count,
  onOpen,
  children,
  cls,
  icon,
}: {
  title: string;
  count: number;
  onOpen?: () => void;
  children?: ReactNode;
  cls?: string;
  icon?: keyof typeof PILE_ICONS;
}) {
  const t = useT();
  const body = (
    <>
      {icon && (
        <svg className="pile-icon" viewBox="0 0 24 24" aria-hidden="true">
          <path d={PILE_ICONS[icon]} />
        </svg>
      )}
      <span className="pile-title">{title}</span>
      <span className="pile-count">{count}</span>
      {children}
    </>
  );
  return onOpen ? (
    <button className={`pile ${cls ?? ''}`} onClick={onOpen} aria-label={t('playmat.pileOpen', { title, count })}>
      {body}
    </button>
  ) : (
    <div className={`pile ${cls ?? ''}`} role="group" aria-label={t('playmat.pile', { title, count })}>
      {body}
    </div>
  );
}

/**
 * A titled zone. `fit` lays its cards out to the zone's width (the Main Stage); `drop` makes it a place a
 * dragged card can go (playmat/dnd.tsx).
 */
export function Zone({
  title,
  info,
  children,
  cls,
  fit,
  drop,
}: {
  title: string;
  info: string;
  children: ReactNode;
  cls: string;
  fit?: CardView[];
  drop?: DropTarget | undefined;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const dropping = useDrop(drop);
  const width = useWidth(fit ? ref : null);
  // The stylesheet's stage card width for this screen (`--row-card`), plus a little room to grow when few.
  const row = ref.current ? parseFloat(getComputedStyle(ref.current).getPropertyValue('--row-card')) : NaN;
  const max = Number.isFinite(row) ? row + 8 : undefined;
  // A crowded stage may shrink its cards to about 60% of the screen's size before it scrolls sideways.
  const min = Number.isFinite(row) ? Math.min(58, Math.round(row * 0.62)) : undefined;
  const style = fit && width ? ({ ['--card-w-sm' as string]: `${stageCardWidth(fit, width, max, min)}px` } as CSSProperties) : undefined;
  return (
    <section className={`zone ${cls}${dropping.cls}`} aria-label={title} ref={dropping.ref}>
      <h3 className="zone-title" title={info}>
        {title}
      </h3>
      <div className="zone-cards" ref={ref} style={style}>
        {children}
      </div>
    </section>
  );
}

export function Stage({ ctx, cards, size }: { ctx: Ctx; cards: CardView[]; size: CardSize }) {
  const attached = new Map<string, CardView[]>();
  for (const c of cards) if (c.attachedTo) attached.set(c.attachedTo, [...(attached.get(c.attachedTo) ?? []), c]);
  const ids = new Set(cards.map((c) => c.id));
  const t = useT();
  return (
    <>
      {cards
        .filter((c) => !c.attachedTo || !ids.has(c.attachedTo))
        .map((c) => (
          <div className="stack-group" key={c.id}>
            {(attached.get(c.id) ?? []).map((a, i) => (
              <div className="equipped" key={a.id} style={{ ['--i' as string]: i }} aria-label={t('playmat.equipped', { card: ctx.labels.name(a.id) })}>
                <BoardCard ctx={ctx} card={a} size="xs" />
              </div>
            ))}
            <BoardCard ctx={ctx} card={c} size={size} />
          </div>
        ))}
    </>
  );
}
