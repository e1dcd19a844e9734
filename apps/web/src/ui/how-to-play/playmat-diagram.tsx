/**
 * The playmat explained on the playmat itself: the real `Board`, drawn from a fixed sample match
 * (sample-position.ts) at the size the room's board has on this screen, scaled down to fit, and inert (nothing
 * on it can be pressed, focused or dragged). A legend names the zones; choosing one (pointing at it, focusing
 * it, or pointing at the zone on the miniature) rings that zone, found by the board's own classes, and shows
 * its text. So the picture can never drift from the playmat: it is the playmat.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Board } from '../board';
import { samplePosition } from './sample-position';
import type { HowTo } from './texts';
import { BY_SIZE, ZONES, type ZoneKey, zoneIn } from './zones';

/** The room's board area on this screen: the window less the top bar, and less the side panel where it is beside the board. */
const TOP_BAR = 48;
function roomBox(panel: number): { w: number; h: number } {
  const w = window.innerWidth;
  return { w: w > 900 ? w - panel : w, h: Math.max(320, window.innerHeight - TOP_BAR) };
}

const noop = () => undefined;

export function PlaymatDiagram(props: { texts: HowTo }) {
  const t = props.texts;
  const [active, setActive] = useState<ZoneKey>('centre');
  const sample = useMemo(() => samplePosition(), []);
  const names = useMemo(() => ({ A: t.zones.you, B: t.zones.rival }), [t]);

  const outer = useRef<HTMLDivElement>(null);
  const room = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState<{ w: number; h: number } | null>(null);
  const [fit, setFit] = useState<{ scale: number; height: number; left: number }>({ scale: 0.5, height: 0, left: 0 });
  const [ring, setRing] = useState<{ left: number; top: number; width: number; height: number } | null>(null);

  // The board's size follows the window (the side panel's width is the room's own CSS variable).
  useLayoutEffect(() => {
    const measure = () => setBox(roomBox(room.current ? parseFloat(getComputedStyle(room.current).getPropertyValue('--panel-w')) || 280 : 280));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);

  // Scaled to the page's width, and no taller than three quarters of the screen (the legend and its text stay near).
  useLayoutEffect(() => {
    const o = outer.current;
    const r = room.current;
    if (!o || !r || !box) return;
    const update = () => {
      const scale = Math.min(o.clientWidth / box.w, (window.innerHeight * 0.75) / r.offsetHeight, 1);
      setFit({ scale, height: Math.ceil(r.offsetHeight * scale), left: Math.max(0, (o.clientWidth - box.w * scale) / 2) });
    };
    update();
    const ro = new ResizeObserver(update);
    ro.observe(o);
    ro.observe(r);
    return () => ro.disconnect();
  }, [box]);

  // The ring over the chosen zone, measured on the miniature (after scaling).
  useEffect(() => {
    const o = outer.current;
    const el = o ? zoneIn(o, active) : null;
    if (!o || !el) return setRing(null);
    const measure = () => {
      const a = o.getBoundingClientRect();
      const b = el.getBoundingClientRect();
      setRing({ left: b.left - a.left - 3, top: b.top - a.top - 3, width: b.width + 6, height: b.height + 6 });
    };
    measure();
    // The zone may still change size (the hand fans out once measured, card art arrives).
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [active, fit]);

  /** The zone under a point of the miniature, if any. */
  const zoneAt = (x: number, y: number): ZoneKey | null => {
    for (const z of BY_SIZE) {
      const r = outer.current ? zoneIn(outer.current, z)?.getBoundingClientRect() : undefined;
      if (r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom) return z;
    }
    return null;
  };
  const point = (e: { clientX: number; clientY: number }) => {
    const z = zoneAt(e.clientX, e.clientY);
    if (z) setActive(z);
  };

  return (
    <figure className="playmat-diagram">
      <ul className="zone-legend" aria-label={t.zones.legend}>
        {ZONES.map((z) => (
          <li key={z}>
            <button
              type="button"
              className={`zone-chip${z === active ? ' on' : ''}`}
              aria-pressed={z === active}
              onMouseEnter={() => setActive(z)}
              onFocus={() => setActive(z)}
              onClick={() => setActive(z)}
            >
              {t.zones[z].name}
            </button>
          </li>
        ))}
      </ul>
      <figcaption aria-live="polite">
        <b>{t.zones[active].name}</b> — {t.zones[active].text}
      </figcaption>
      <div
        className="howto-mini"
        ref={outer}
        style={{ height: fit.height || undefined }}
        onPointerMove={(e) => e.pointerType === 'mouse' && point(e)}
        onClick={point}
        aria-hidden="true"
      >
        {box && (
          <div
            ref={room}
            className="room howto-room"
            inert
            style={{ width: box.w, minHeight: box.h, transform: `translateX(${fit.left}px) scale(${fit.scale})` } as CSSProperties}
          >
            <div className="room-body">
              <div className="board-wrap">
                <Board view={sample.view} legal={sample.legal} names={names} me="A" busy={false} onAct={noop} />
              </div>
            </div>
          </div>
        )}
        {ring && <div className="howto-ring" style={ring} />}
      </div>
      <p className="hint">{t.zones.hint}</p>
    </figure>
  );
}
