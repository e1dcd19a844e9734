/**
 * The playmat's keys. Space passes or confirms (the prompt's primary answer) wherever focus is, except while
 * typing or in a dialog: players press it without looking where focus went. Enter activates the focused
 * control (a card opens its menu), and passes only when focus is on nothing in particular. Esc cancels
 * aiming, menus and the zone browser. Read outside React (aiming lives in the `ui` store).
 */
import { useEffect } from 'react';
import type { Action, Legal } from '@vroyale/engine';
import { complete, primaryAction } from '../../game/choices';
import { ui } from '../../store';
import { keyStaysLocal } from '../key-target';

const CONTROLS = 'button, input, textarea, select, a, [role="menuitem"], [role="button"]';

/** Where Space and Enter belong to what is being typed or to a dialog (concede confirmation, zone browser). */
export { keyStaysLocal } from '../key-target';

export function useBoardKeys(legal: readonly Legal[], seq: number, busy: boolean, onAct: (a: Action) => void): void {
  useEffect(() => {
    // A Space we acted on must not also click the focused button when it is released.
    let swallowUp = false;
    const onKey = (e: KeyboardEvent) => {
      const t = e.target instanceof Element ? e.target : null;
      if (e.key === 'Escape') {
        ui.setState((s) => ({ aiming: null, menu: null, browse: null, point: [], draft: s.draft ? { ...s.draft, selected: null } : null }));
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      if (keyStaysLocal(t) || document.querySelector('[aria-modal="true"]')) return;
      if (e.key === 'Enter' && t?.closest(CONTROLS)) return;
      const aiming = ui.getState().aiming;
      let a: Action | null;
      if (aiming) {
        // While aiming, Space confirms a complete aim; otherwise the focused option takes it as usual.
        a = complete(aiming.candidates, aiming.picked);
        if (!a) return;
      } else a = primaryAction(legal, ui.getState().draft, seq);
      if (!a) return;
      e.preventDefault();
      e.stopPropagation();
      if (e.key === ' ') swallowUp = true;
      // Held down, the key repeats: one press is one pass.
      if (!e.repeat && !busy) onAct(a);
    };
    const onKeyUp = (e: KeyboardEvent) => {
      if (e.key !== ' ' || !swallowUp) return;
      swallowUp = false;
      e.preventDefault();
      e.stopPropagation();
    };
    // Capture phase: ahead of the focused card's own key handler.
    window.addEventListener('keydown', onKey, true);
    window.addEventListener('keyup', onKeyUp, true);
    return () => {
      window.removeEventListener('keydown', onKey, true);
      window.removeEventListener('keyup', onKeyUp, true);
    };
  }, [legal, seq, busy, onAct]);
}
