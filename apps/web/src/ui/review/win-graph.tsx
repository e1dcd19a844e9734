/**
 * The review's win-chance graph, drawn in SVG (no chart library): manager A's chance as a filled area around the
 * 50% line (A ahead above it, B below), a line per turn with its number, a coloured dot per marked decision, and
 * a cursor at the replay's frame. Clicking or dragging moves the replay; it is a slider for the keyboard (the
 * replay's arrow keys step, Home and End jump). Geometry: review-model.ts.
 */
import '../../i18n/later-texts';
import { useEffect, useId, useMemo, useRef, useState, type PointerEvent } from 'react';
import type { ManagerId } from '@vroyale/engine';
import type { GameReview } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { frameAtX, frameX, graphGeometry, MARK_SYMBOL } from './review-model';

const PAD_X = 10;
const PAD_Y = 6;

export interface WinGraphProps {
  review: GameReview;
  lastFrame: number;
  frame: number;
  names: Record<ManagerId, string>;
  onSeek: (frame: number) => void;
}

export function WinGraph({ review, lastFrame, frame, names, onSeek }: WinGraphProps) {
  const t = useT();
  const wrap = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 600, height: 96 });
  const dragging = useRef(false);
  const id = useId().replace(/:/g, '');

  useEffect(() => {
    const el = wrap.current;
    if (!el) return;
    const measure = () => setSize((s) => (s.width === el.clientWidth && s.height === el.clientHeight ? s : { width: el.clientWidth, height: el.clientHeight }));
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const g = useMemo(
    () => graphGeometry(review, lastFrame, { width: size.width, height: size.height, padX: PAD_X, padY: PAD_Y, labelGap: 24 }),
    [review, lastFrame, size.width, size.height],
  );
  const at = g.points.filter((p) => p.frame <= frame).pop() ?? g.points[0];
  const cursorX = frameX(frame, lastFrame, size.width, PAD_X);
  const chance = Math.round(at?.chance ?? 50);

  const seekAt = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    onSeek(frameAtX(e.clientX - r.left, lastFrame, { width: r.width, padX: PAD_X }));
  };

  return (
    <div className="review-graph" ref={wrap}>
      <svg
        width={size.width}
        height={size.height}
        role="slider"
        tabIndex={0}
        aria-label={t('replay.review.graph', { a: names.A, b: names.B })}
        aria-valuemin={0}
        aria-valuemax={lastFrame}
        aria-valuenow={frame}
        aria-valuetext={t('replay.review.graphValue', { n: frame, a: names.A, b: names.B, pa: chance, pb: 100 - chance })}
        aria-orientation="horizontal"
        onPointerDown={(e) => {
          if (e.button !== 0) return;
          dragging.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          seekAt(e);
        }}
        onPointerMove={(e) => dragging.current && seekAt(e)}
        onPointerUp={() => (dragging.current = false)}
        onPointerCancel={() => (dragging.current = false)}
        onKeyDown={(e) => {
          if (e.key === 'Home') onSeek(0);
          else if (e.key === 'End') onSeek(lastFrame);
          else return;
          e.preventDefault();
        }}
      >
        <defs>
          <clipPath id={`${id}-a`}>
            <rect x={0} y={0} width={size.width} height={g.mid} />
          </clipPath>
          <clipPath id={`${id}-b`}>
            <rect x={0} y={g.mid} width={size.width} height={Math.max(0, size.height - g.mid)} />
          </clipPath>
        </defs>
        <rect className="rg-bg" x={0} y={0} width={size.width} height={size.height} rx={6} />
        {g.turns.map((tm) => (
          <g key={tm.frame} className="rg-turn">
            <line x1={tm.x} x2={tm.x} y1={0} y2={size.height} />
            {tm.label && (
              <text x={tm.x + 2} y={size.height - 3}>
                {tm.turn}
              </text>
            )}
          </g>
        ))}
        <path className="rg-area-a" d={g.area} clipPath={`url(#${id}-a)`} />
        <path className="rg-area-b" d={g.area} clipPath={`url(#${id}-b)`} />
        <line className="rg-mid" x1={PAD_X} x2={size.width - PAD_X} y1={g.mid} y2={g.mid} />
        <path className="rg-line" d={g.line} />
        <line className="rg-cursor" x1={cursorX} x2={cursorX} y1={0} y2={size.height} />
        {g.marks.map((m) => (
          <circle key={m.index} className={`rg-dot is-${m.mark}`} cx={m.x} cy={m.y} r={m.mark === 'inaccuracy' ? 3.5 : 4.5} data-frame={m.frame}>
            <title>{`${t(`replay.review.mark.${m.mark}`)} ${MARK_SYMBOL[m.mark]} — ${names[m.manager]}`}</title>
          </circle>
        ))}
        {at && <circle className="rg-here" cx={cursorX} cy={at.y} r={3.5} />}
      </svg>
    </div>
  );
}
