/**
 * The one keyword tooltip (mounted once by app.tsx), fixed above the keyword icon it explains and kept inside
 * the window. Apart from keyword-icon.tsx so the lobby's entry does not carry the keywords' glyphs.
 */
import { ui, useUi } from '../store';

export function showTip(e: { currentTarget: HTMLElement }, label: string, text: string): void {
  const r = e.currentTarget.getBoundingClientRect();
  ui.setState({ tip: { label, text, x: r.left + r.width / 2, y: r.top } });
}

export const hideTip = (): void => ui.setState((s) => (s.tip ? { tip: null } : s));

export function KeywordTip() {
  const tip = useUi((s) => s.tip);
  if (!tip) return null;
  const w = 240;
  const left = Math.max(6, Math.min(window.innerWidth - w - 6, tip.x - w / 2));
  const below = tip.y < 110;
  return (
    <div
      className={`kw-tip${below ? ' below' : ''}`}
      role="tooltip"
      style={{ left, width: w, ...(below ? { top: tip.y + 26 } : { bottom: window.innerHeight - tip.y + 8 }) }}
    >
      <b>{tip.label}</b> {tip.text}
    </div>
  );
}
