/**
 * On tablets and phones the side panel (log, chat) is a drawer over the board (phone.css); this is its
 * toggle in the top bar, hidden on wider screens where the panel is always shown.
 */
import { useState, type ReactNode } from 'react';

export function usePanelToggle(label: string): { open: boolean; toggle: ReactNode } {
  const [open, setOpen] = useState(false);
  const toggle = (
    <button className="btn ghost panel-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
      {label}
    </button>
  );
  return { open, toggle };
}
