import { useT } from '../../i18n';
import type { CardSize } from './card-face';
import './card-face.css';

/** A face-down card: the roster, the opponent's hand. */
export function CardBack({ size, label }: { size: CardSize; label?: string }) {
  const t = useT();
  return (
    <div className={`card card-${size} card-back`} role="img" aria-label={label ?? t('cards.faceDown')}>
      <span className="back-logo">V</span>
    </div>
  );
}
