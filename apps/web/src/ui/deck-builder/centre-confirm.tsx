/**
 * Removing the Centre's last copy asks first, saying what follows: another Leader becomes the Centre, or the
 * roster has none until a Leader is added. Keeping it has focus (Enter on a surprise keeps the roster).
 */
import '../../i18n/later-texts';
import { cardName } from '../../game/labels';
import { useEffect, useRef } from 'react';
import { cardPool } from '@vroyale/cards';
import { useT } from '../../i18n';
import { Modal } from '../modal';

export function CentreConfirm({ centre, next, onRemove, onKeep }: { centre: string; next: string; onRemove: () => void; onKeep: () => void }) {
  const t = useT();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const name = cardPool[centre] ? cardName(cardPool[centre]) : centre;
  return (
    <Modal className="centre-confirm" role="alertdialog" labelledBy="centre-confirm-title" describedBy="centre-confirm-text" onClose={onKeep}>
      <h2 id="centre-confirm-title">{t('deck.centreConfirmTitle', { name })}</h2>
      <p id="centre-confirm-text">
        {next ? t('deck.centreConfirmNext', { name, next: cardPool[next] ? cardName(cardPool[next]) : next }) : t('deck.centreConfirmNone', { name })}
      </p>
      <div className="options">
        <button ref={keep} className="btn primary" onClick={onKeep}>
          {t('deck.keepCentre', { name })}
        </button>
        <button className="btn danger" onClick={onRemove}>
          {t('deck.removeCentre', { name })}
        </button>
      </div>
    </Modal>
  );
}
