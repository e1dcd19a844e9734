/**
 * The room's controls that do not fit a narrow top bar (the one-shot passes, Stops, How to play, Settings,
 * language, Concede) in a menu sheet behind one button. The sheet stays mounted while closed, so what its
 * controls hold (a keyboard shortcut, a dialog they opened) lives on; any press inside closes it.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../i18n';

export function RoomMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const t = useT();
  useEffect(() => {
    if (!open) return;
    sheet.current?.querySelector<HTMLElement>('button, select')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <>
      <button
        ref={button}
        className="btn ghost menu-button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={t('room.menu')}
        title={t('room.menu')}
        onClick={() => setOpen((o) => !o)}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M4 7h16M4 12h16M4 17h16" />
        </svg>
      </button>
      {open && <div className="menu-sheet-back" onClick={() => setOpen(false)} />}
      <div
        ref={sheet}
        className="menu-sheet"
        role="group"
        aria-label={t('room.menu')}
        hidden={!open}
        onClick={(e) => {
          if ((e.target as Element).closest('button')) setOpen(false);
        }}
        onChange={() => setOpen(false)}
      >
        {children}
      </div>
    </>
  );
}
