/** The roster's cost curve: one column per cost (0..6+), stacked by card type in the type colours. */
import '../../i18n/later-texts';
import type { CardType } from '@vroyale/engine';
import { typeLabel } from '../../game/glossary';
import { useT } from '../../i18n';
import { TYPES, type CurveColumn } from './stats';

const W = 280;
const H = 92;
const COL = W / 7;
const BAR = 26;
const TOP = 14; // room for the count over the tallest column
const BASE = 76; // the bars' baseline; the costs are written under it

export function CostCurve({ columns, drawn }: { columns: CurveColumn[]; drawn: number }) {
  const t = useT();
  // A few cards never fill the height: the scale starts at 6 cards a column.
  const scale = (BASE - TOP) / Math.max(6, ...columns.map((c) => c.total));
  const said = columns.map((c) => t('deck.curveColumn', { count: c.total, cost: c.cost })).join(t('cards.sep'));
  return (
    <figure className="db-curve">
      <figcaption>
        <span>{t('deck.curve')}</span>
        <span className="hint">{t('deck.curveDrawn', { count: drawn })}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={t('deck.curveLabel', { count: drawn, columns: said })}>
        <line x1={0} x2={W} y1={BASE + 0.5} y2={BASE + 0.5} className="db-curve-base" />
        {columns.map((c, i) => {
          const x = i * COL + (COL - BAR) / 2;
          let y = BASE;
          const parts = TYPES.filter((ty) => c[ty] > 0).map((ty: CardType) => {
            const h = c[ty] * scale;
            y -= h;
            return <rect key={ty} x={x} y={y} width={BAR} height={h} className={`db-curve-${ty}`} />;
          });
          const title = [
            t('deck.curveColumn', { count: c.total, cost: c.cost }),
            ...TYPES.filter((ty) => c[ty] > 0).map((ty) => t('deck.typeCount', { type: typeLabel(ty), count: c[ty] })),
          ].join(t('cards.sep'));
          return (
            <g key={c.cost}>
              <title>{title}</title>
              {/* the whole column answers the pointer, not only its coloured part */}
              <rect x={i * COL} y={0} width={COL} height={H} fill="transparent" />
              {parts}
              {c.total > 0 && (
                <text x={x + BAR / 2} y={y - 3} className="db-curve-n">
                  {c.total}
                </text>
              )}
              <text x={x + BAR / 2} y={H - 3} className="db-curve-cost">
                {c.cost}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
