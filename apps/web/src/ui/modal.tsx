/**
 * A modal dialog over the page: a click on the backdrop or Esc closes it (Esc does not reach the playmat's
 * keys), a click inside does not. Callers focus what should have focus when it opens.
 */
import type { ReactNode } from 'react';

export function Modal(props: { className: string; role: 'dialog' | 'alertdialog'; labelledBy: string; describedBy?: string; onClose: () => void; children: ReactNode }) {
  return (
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
    </div>
  );
}
