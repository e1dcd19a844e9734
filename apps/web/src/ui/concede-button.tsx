/**
 * Concede: reachable at any moment of a live match, the opponent's turn and waiting included (the server
 * accepts it whatever the match is waiting for), and only after saying so in a confirmation dialog. In a
 * best-of-three (`game`) it concedes this game, and the dialog says so.
 */
import '../i18n/later-texts';
import { useEffect, useRef, useState } from 'react';
import { concede } from '../net/calls';
import { useT } from '../i18n';
import { Modal } from './modal';

export function ConcedeButton({ roomId, opponent, game = false }: { roomId: string; opponent: string; game?: boolean }) {
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const t = useT();
  const keep = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // The safe answer has focus: Enter or Space on a dialog that opened by surprise keeps playing.
    if (asking) keep.current?.focus();
  }, [asking]);
  const close = () => {
    setAsking(false);
    opener.current?.focus();
  };
  return (
    <>
      <button ref={opener} className="btn danger" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {t('room.concede')}
      </button>
      {asking && (
        <Modal className="concede-confirm" role="alertdialog" labelledBy="concede-title" describedBy="concede-text" onClose={close}>
          <h2 id="concede-title">{game ? t('series.concedeTitle') : t('room.concedeTitle')}</h2>
          <p id="concede-text">{game ? t('series.concedeText', { name: opponent }) : t('room.concedeText', { name: opponent })}</p>
          <div className="options">
            <button ref={keep} className="btn primary" onClick={close}>
              {t('room.keepPlaying')}
            </button>
            <button
              className="btn danger"
              disabled={sending}
              onClick={() => {
                setSending(true);
                void concede(roomId).finally(() => {
                  setSending(false);
                  setAsking(false);
                });
              }}
            >
              {game ? t('series.concedeGame') : t('room.concedeMatch')}
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
