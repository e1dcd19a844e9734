/**
 * A yes/no question before something that cannot be undone (concede, drop, cancel). The safe answer has focus, so
 * Enter or Space on a dialog that opened by surprise keeps things as they are.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Modal } from './modal';

export function ConfirmDialog(p: {
  title: string;
  text: string;
  /** The safe answer (it only closes the dialog). */
  keep: string;
  confirm: string;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => keep.current?.focus(), []);
  return (
    <Modal className="confirm-dialog" role="alertdialog" labelledBy={`${id}-t`} describedBy={`${id}-d`} onClose={p.onClose}>
      <h2 id={`${id}-t`}>{p.title}</h2>
      <p id={`${id}-d`}>{p.text}</p>
      <div className="options">
        <button ref={keep} className="btn primary" onClick={p.onClose}>
          {p.keep}
        </button>
        <button
          className="btn danger"
          disabled={sending}
          onClick={() => {
            setSending(true);
            void p.onConfirm().finally(() => {
              setSending(false);
              p.onClose();
            });
          }}
        >
          {p.confirm}
        </button>
      </div>
    </Modal>
  );
}
