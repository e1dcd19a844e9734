/**
 * A hand: your cards face up as a fan (overlapping only when they would not fit side by side, each raised when
 * pointed at), the opponent's as a row of backs. Cards keep one readable width; crowding overlaps them instead of
 * shrinking them, and what a card overlaps is its right edge, so names and costs stay in view.
 */
import { useRef, type CSSProperties } from 'react';
import type { ManagerId } from '@vroyale/engine';
import { useT } from '../../i18n';
import { CardBack } from '../card';
import { BoardCard } from './board-card';
import type { Ctx } from './context';
import { handFan, useWidth } from './layout';

/** A card's place in the fan: a slight turn and drop away from the middle, more when the cards overlap. */
function fanStyle(i: number, n: number, overlap: boolean): CSSProperties {
  const d = i - (n - 1) / 2;
  const turn = overlap ? 2.2 : 1.2;
  return {
    zIndex: i + 1,
    ['--rot' as string]: `${(d * turn).toFixed(2)}deg`,
    ['--drop' as string]: `${(d * d * (overlap ? 1.6 : 0.8)).toFixed(1)}px`,
  } as CSSProperties;
}

export function Hand({ ctx, m, top, label, cardLabel }: { ctx: Ctx; m: ManagerId; top: boolean; label: string; cardLabel: (n: number) => string }) {
  const mv = ctx.view.managers[m];
  const ref = useRef<HTMLDivElement>(null);
  const width = useWidth(top ? null : ref);
  useT();
  if (top || !mv.hand) {
    return (
      <div className={`hand hand-backs${top ? ' hand-top' : ''}`} aria-label={label} role="region">
        {Array.from({ length: mv.handCount }, (_, i) => (
          <CardBack key={i} size="xs" label={cardLabel(i + 1)} />
        ))}
      </div>
    );
  }
  const n = mv.hand.length;
  // The card width is the stylesheet's (it changes with the screen); read again whenever the width changes.
  const cardW = (ref.current && parseFloat(getComputedStyle(ref.current).getPropertyValue('--card-w-md'))) || undefined;
  const fan = handFan(n, width, cardW);
  return (
    <div className="hand hand-fan" aria-label={label} role="region" ref={ref} style={{ ['--hand-step' as string]: `${fan.step}px` } as CSSProperties}>
      {mv.hand.map((c, i) => (
        <div className="fan-slot" key={c.id} style={fanStyle(i, n, fan.overlap)}>
          <BoardCard ctx={ctx} card={c} size="md" extraClass="in-hand" />
        </div>
      ))}
    </div>
  );
}
