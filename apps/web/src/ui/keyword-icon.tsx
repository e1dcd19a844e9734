/**
 * Keyword icons: game-icons.net glyphs (CC BY 3.0, credited on the About page; names in art/icon-map.ts,
 * glyphs extracted into art/keyword-glyphs.generated.ts), coloured by the `kw-<keyword>` classes.
 * - `KeywordIcon`: the chip on a card; its explanation is the accessible name and the hover/focus tooltip
 *   (`keyword-tip.tsx`).
 * - `KeywordLegend`: every keyword (or the ones given) as icon, name and a one-line rule, in the interface's
 *   language: for the playmat and How to play.
 */
import { useEffect, useRef, type CSSProperties } from 'react';
import { KEYWORDS, type Keyword } from '@vroyale/engine';
import { keywordName } from '../game/glossary';
import { useT } from '../i18n';
import { KEYWORD_ICON } from './art/icon-map';
import { KEYWORD_GLYPHS } from './art/keyword-glyphs.generated';
import { hideTip, showTip } from './keyword-tip';

// Inline, so the glyphs are filled whatever a stylesheet says about the old stroked icons' <svg>.
const FILLED: CSSProperties = { fill: 'currentColor', stroke: 'none' };

/** A keyword's glyph alone (decorative), sized by the font: 1.25em unless a stylesheet says otherwise. */
export function KeywordGlyph({ k, className }: { k: Keyword; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 512 512"
      aria-hidden="true"
      focusable="false"
      style={className ? FILLED : { ...FILLED, width: '1.25em', height: '1.25em', flex: 'none' }}
      dangerouslySetInnerHTML={{ __html: KEYWORD_GLYPHS[KEYWORD_ICON[k]]! }}
    />
  );
}

export function KeywordIcon({ k, label, text, small }: { k: Keyword; label: string; text: string; small?: boolean }) {
  // A card that leaves the board while pointed at takes its tooltip with it.
  const over = useRef(false);
  useEffect(() => () => void (over.current && hideTip()), []);
  return (
    <span
      className={`kw kw-${k}${small ? ' kw-sm' : ''}`}
      aria-label={`${label}: ${text}`}
      role="img"
      tabIndex={small ? -1 : 0}
      onMouseEnter={(e) => ((over.current = true), showTip(e, label, text))}
      onMouseLeave={() => ((over.current = false), hideTip())}
      onFocus={(e) => ((over.current = true), showTip(e, label, text))}
      onBlur={() => ((over.current = false), hideTip())}
    >
      <KeywordGlyph k={k} />
      {!small && <span className="kw-label">{label}</span>}
    </span>
  );
}

const ROW: CSSProperties = { display: 'flex', alignItems: 'baseline', gap: '0.5em', margin: '0.3em 0' };
const ICON: CSSProperties = { alignSelf: 'center', display: 'inline-flex', fontSize: '1.3em' };

/**
 * The keywords' legend: one row per keyword (icon, name, one-line rule), in the rules' order. Unstyled beyond
 * a readable layout: `kw-legend` (a list), `kw-legend-item`, `kw-glyph kw-<keyword>` (the icon, coloured by
 * the keyword's class), `kw-legend-name`, `kw-legend-rule`.
 */
export function KeywordLegend({ keywords = KEYWORDS, className }: { keywords?: readonly Keyword[]; className?: string }) {
  const t = useT();
  return (
    <ul className={className ? `kw-legend ${className}` : 'kw-legend'} style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('glossary.legend')}>
      {keywords.map((k) => (
        <li key={k} className="kw-legend-item" style={ROW}>
          <span className={`kw-glyph kw-${k}`} style={ICON}>
            <KeywordGlyph k={k} />
          </span>
          <b className="kw-legend-name">{keywordName(k)}</b>
          <span className="kw-legend-rule">{t(`glossary.keywordShort.${k}`)}</span>
        </li>
      ))}
    </ul>
  );
}
