import type { Keyword } from '@vroyale/engine';

/** Small glyphs per keyword; the explanation is the accessible name and the hover tooltip. */
const GLYPH: Record<Keyword, string> = {
  ban: 'M4 4l16 16M20 4L4 20',
  callout: 'M4 9h4l7-5v16l-7-5H4z',
  clip: 'M6 3v6a3 3 0 006 0V3M12 15l6 6M9 14l-3 7',
  clout: 'M12 2l3 7h7l-5.5 4.5L18.5 21 12 16.5 5.5 21l2-7.5L2 9h7z',
  moderator: 'M12 2l8 3v6c0 5-3.5 9-8 11-4.5-2-8-6-8-11V5z',
  raid: 'M3 12h13M12 6l6 6-6 6M20 4v16',
};

export function KeywordIcon({ k, label, text, small }: { k: Keyword; label: string; text: string; small?: boolean }) {
  return (
    <span className={`kw kw-${k}${small ? ' kw-sm' : ''}`} title={`${label}: ${text}`} aria-label={`${label}: ${text}`} role="img" tabIndex={small ? -1 : 0}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d={GLYPH[k]} />
      </svg>
      {!small && <span className="kw-label">{label}</span>}
      <span className="kw-tip" aria-hidden="true">
        <b>{label}</b> {text}
      </span>
    </span>
  );
}
