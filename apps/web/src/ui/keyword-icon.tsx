import { useEffect, useRef } from 'react';
import type { Keyword } from '@vroyale/engine';
import { ui, useUi } from '../store';

/** Small glyphs per keyword; the explanation is the accessible name and the hover/focus tooltip. */
const GLYPH: Record<Keyword, string> = {
  ban: 'M4 4l16 16M20 4L4 20',
  callout: 'M4 9h4l7-5v16l-7-5H4z',
  clip: 'M6 3v6a3 3 0 006 0V3M12 15l6 6M9 14l-3 7',
  clout: 'M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z',
  moderator: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z',
  raid: 'M3 12h13M12 6l6 6-6 6M20 4v16',
};

function show(e: { currentTarget: HTMLElement }, label: string, text: string): void {
  const r = e.currentTarget.getBoundingClientRect();
  ui.setState({ tip: { label, text, x: r.left + r.width / 2, y: r.top } });
}
const hide = () => ui.setState((s) => (s.tip ? { tip: null } : s));

export function KeywordIcon({ k, label, text, small }: { k: Keyword; label: string; text: string; small?: boolean }) {
  // A card that leaves the board while pointed at takes its tooltip with it.
  const over = useRef(false);
  useEffect(() => () => void (over.current && hide()), []);
  return (
    <span
      className={`kw kw-${k}${small ? ' kw-sm' : ''}`}
      aria-label={`${label}: ${text}`}
      role="img"
      tabIndex={small ? -1 : 0}
      onMouseEnter={(e) => ((over.current = true), show(e, label, text))}
      onMouseLeave={() => ((over.current = false), hide())}
      onFocus={(e) => ((over.current = true), show(e, label, text))}
      onBlur={() => ((over.current = false), hide())}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={GLYPH[k]} />
      </svg>
      {!small && <span className="kw-label">{label}</span>}
    </span>
  );
}

/** The one keyword tooltip, fixed above the icon it explains (kept inside the window). */
export function KeywordTip() {
  const tip = useUi((s) => s.tip);
  if (!tip) return null;
  const w = 240;
  const left = Math.max(6, Math.min(window.innerWidth - w - 6, tip.x - w / 2));
  const below = tip.y < 110;
  return (
    <div className={`kw-tip${below ? ' below' : ''}`} role="tooltip" style={{ left, width: w, ...(below ? { top: tip.y + 26 } : { bottom: window.innerHeight - tip.y + 8 }) }}>
      <b>{tip.label}</b> {tip.text}
    </div>
  );
}
