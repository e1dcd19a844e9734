/**
 * The playmat's zones, drawn in code (no image): your half at the bottom, the rival's mirrored at the top, as
 * on the real board. Each zone is a focusable button; pointing at or focusing one shows its text below.
 */
import { useState } from 'react';
import type { HowTo } from './texts';

export const ZONES = ['roster', 'hand', 'stars', 'backstage', 'centre', 'main', 'graduation'] as const;
export type ZoneKey = (typeof ZONES)[number];

/** Where each zone sits on one half, in a 14 × 4 grid (column, row, width, height), your side up the screen. */
const PLACE: Record<ZoneKey, [x: number, y: number, w: number, h: number]> = {
  main: [3, 0, 8, 1],
  centre: [5, 1, 4, 1],
  backstage: [0, 1, 3, 1],
  stars: [3, 2, 8, 1],
  graduation: [11, 1, 3, 1],
  roster: [11, 2, 3, 1],
  hand: [3, 3, 8, 1],
};
const COLUMNS = 14;

const CELL_W = 40;
const CELL_H = 34;

function Half(props: { texts: HowTo; mirrored: boolean; active: ZoneKey; onPick: (z: ZoneKey) => void; label: string }) {
  const rows = 4;
  return (
    <g transform={props.mirrored ? `translate(0 ${rows * CELL_H}) scale(1 -1)` : undefined} aria-label={props.label} role="group">
      {ZONES.filter((z) => !(props.mirrored && z === 'hand')).map((z) => {
        const [x, y, w, h] = PLACE[z];
        const px = x * CELL_W;
        const py = y * CELL_H;
        const on = z === props.active;
        return (
          <g
            key={z}
            className={`zone-cell${on ? ' on' : ''}`}
            tabIndex={props.mirrored ? -1 : 0}
            role={props.mirrored ? undefined : 'button'}
            aria-pressed={props.mirrored ? undefined : on}
            aria-label={props.mirrored ? undefined : props.texts.zones[z].name}
            onMouseEnter={() => props.onPick(z)}
            onFocus={() => props.onPick(z)}
            onClick={() => props.onPick(z)}
          >
            <rect x={px + 2} y={py + 2} width={w * CELL_W - 4} height={h * CELL_H - 4} rx={6} />
            <text x={px + (w * CELL_W) / 2} y={py + (h * CELL_H) / 2} transform={props.mirrored ? `translate(0 ${2 * py + h * CELL_H}) scale(1 -1)` : undefined} textAnchor="middle" dominantBaseline="central">
              {props.texts.zones[z].name}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function PlaymatDiagram(props: { texts: HowTo }) {
  const [active, setActive] = useState<ZoneKey>('centre');
  const t = props.texts;
  const halfH = 4 * CELL_H;
  return (
    <figure className="playmat-diagram">
      <svg viewBox={`0 0 ${COLUMNS * CELL_W} ${2 * halfH + 24}`} role="group" aria-label={t.sections.playmat}>
        <text className="side-label" x={4} y={14}>
          {t.zones.rival}
        </text>
        <g transform="translate(0 18)">
          <Half texts={t} mirrored active={active} onPick={setActive} label={t.zones.rival} />
        </g>
        <line x1={0} x2={COLUMNS * CELL_W} y1={halfH + 21} y2={halfH + 21} className="midline" />
        <g transform={`translate(0 ${halfH + 24})`}>
          <Half texts={t} mirrored={false} active={active} onPick={setActive} label={t.zones.you} />
        </g>
        <text className="side-label" x={4} y={2 * halfH + 20}>
          {t.zones.you}
        </text>
      </svg>
      <figcaption aria-live="polite">
        <b>{t.zones[active].name}</b> — {t.zones[active].text}
        <span className="hint"> {t.zones.hint}</span>
      </figcaption>
    </figure>
  );
}
