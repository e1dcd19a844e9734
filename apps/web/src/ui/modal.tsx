/**
 * A modal dialog over the page: a click on the backdrop or Esc closes it (Esc does not reach the playmat's
 * keys), a click inside does not. Callers focus what should have focus when it opens. Opening one closes any
 * card menu.
 */
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { ui } from '../store';

export function Modal(props: {
  className: string;
  role: 'dialog' | 'alertdialog';
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  // A card menu left open would float over the dialog (menus are portals too): a dialog closes it.
  useEffect(() => ui.setState((s) => (s.menu || s.aiming ? { menu: null, aiming: null } : s)), []);
  // On body, so a dialog opened from a hidden menu sheet (room-menu.tsx) still shows.
  return createPortal(
    <div className="modal-back" onClick={props.onClose}>
      <div
        className={`modal ${props.className}`}
        role={props.role}
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            props.onClose();
          }
        }}
      >
        {props.children}
      </div>
    </div>,
    document.body,
  );
}
