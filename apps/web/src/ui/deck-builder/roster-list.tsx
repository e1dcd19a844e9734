/**
 * The roster's lines, or the side deck's: cost, the whole name (it wraps, never cut), rarity, copies, − and +.
 * A line the engine finds a problem with is marked and says which rule it breaks under it.
 */
import '../../i18n/later-texts';
import { cardName, cardNameHint } from '../../game/labels';
import type { CardDef } from '@vroyale/engine';
import { useT } from '../../i18n';
import { ui } from '../../store';
import { canHover } from '../card';
import { primaryType } from './stats';
import '../cost-badge.css';

export interface Line {
  id: string;
  def: CardDef | undefined;
  n: number;
}

export function RosterList({
  lines,
  centre,
  byCard,
  onAdd,
  onRemove,
  side = false,
}: {
  lines: Line[];
  centre: string;
  byCard: Map<string, string[]>;
  onAdd: (def: CardDef) => void;
  onRemove: (id: string) => void;
  /** The side deck's lines: its buttons say so (a card may be in both lists). */
  side?: boolean;
}) {
  const t = useT();
  if (!lines.length) return null;
  return (
    <ul className={side ? 'side-list' : 'roster-list'}>
      {lines.map(({ id, def, n }) => {
        const why = byCard.get(id);
        const name = def ? cardName(def) : id;
        return (
          <li key={id} className={`${id === centre ? 'is-centre' : ''}${why ? ' breaks' : ''}`}>
            <span className={`cost-badge t-${def ? primaryType(def) : 'character'}`}>{def?.cost}</span>
            <span
              className="rl-name"
              title={def && cardNameHint(def)}
              onMouseEnter={(e) => {
                if (!def || !canHover()) return;
                // Beside the roster panel, over the gallery: never over the list itself.
                const list = e.currentTarget.closest('.db-roster')!.getBoundingClientRect();
                const r = e.currentTarget.getBoundingClientRect();
                ui.setState({ hover: { def: def.id, rect: { left: list.left, right: list.left, top: r.top } } });
              }}
              onMouseLeave={() => ui.setState({ hover: null })}
            >
              {name}
              {id === centre && <b className="rl-centre">{t('deck.centreMark')}</b>}
            </span>
            <span className="rl-rar">{def?.rarity}</span>
            <span className="rl-n">×{n}</span>
            <button className="btn small" aria-label={t(side ? 'deck.removeOneSide' : 'deck.removeOne', { name })} onClick={() => onRemove(id)}>
              −
            </button>
            <button className="btn small" aria-label={t(side ? 'deck.addOneSide' : 'deck.addOne', { name })} onClick={() => def && onAdd(def)}>
              +
            </button>
            {why && (
              <span className="rl-why" role="note">
                {why.join(' ')}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
