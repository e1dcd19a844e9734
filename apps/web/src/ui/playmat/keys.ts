import { useEffect } from 'react';
import type { Action, Legal } from '@vroyale/engine';
import { complete, primaryAction } from '../../game/choices';
import { ui } from '../../store';

/** Space/Enter pass or confirm; Esc cancels aiming, menus and the zone browser. */
export function useBoardKeys(legal: readonly Legal[], seq: number, busy: boolean, onAct: (a: Action) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === 'Escape') {
        ui.setState((s) => ({ aiming: null, menu: null, browse: null, draft: s.draft ? { ...s.draft, selected: null } : null }));
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      if (t && (t.closest('button, input, textarea, select, a, [role="menuitem"], [role="button"]') || t.isContentEditable)) return;
      const aiming = ui.getState().aiming;
      if (aiming) {
        const done = complete(aiming.candidates, aiming.picked);
        if (done) {
          e.preventDefault();
          onAct(done);
        }
        return;
      }
      const a = primaryAction(legal, ui.getState().draft, seq);
      if (a && !busy) {
        e.preventDefault();
        onAct(a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [legal, seq, busy, onAct]);
}
