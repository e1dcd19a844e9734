/**
 * Concede: reachable at any moment of a live match, the opponent's turn and waiting included (the server
 * accepts it whatever the match is waiting for), and only after saying so in a confirmation dialog. In a
 * best-of-three (`game`) it concedes this game, and the dialog says so.
 */
import '../i18n/later-texts';
import { useRef, useState } from 'react';
import { concede } from '../net/calls';
import { useT } from '../i18n';
import { ConfirmDialog } from './confirm-dialog';

export function ConcedeButton({ roomId, opponent, game = false }: { roomId: string; opponent: string; game?: boolean }) {
  const [asking, setAsking] = useState(false);
  const t = useT();
  const opener = useRef<HTMLButtonElement>(null);
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
        <ConfirmDialog
          title={game ? t('series.concedeTitle') : t('room.concedeTitle')}
          text={game ? t('series.concedeText', { name: opponent }) : t('room.concedeText', { name: opponent })}
          keep={t('room.keepPlaying')}
          confirm={game ? t('series.concedeGame') : t('room.concedeMatch')}
          onConfirm={() => concede(roomId)}
          onClose={close}
        />
      )}
    </>
  );
}
