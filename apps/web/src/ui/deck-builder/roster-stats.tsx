/**
 * Cards by type (the swatches are the curve's legend) and by rarity against RUL-DECK-2's totals. A chip is
 * marked over its limit only when the engine's problems say so (`over`).
 */
import '../../i18n/later-texts';
import type { CardType } from '@vroyale/engine';
import { typeLabel } from '../../game/glossary';
import { useT } from '../../i18n';
import { RARITY_LIMITS, TYPES, type RarityCounts } from './stats';

export function RosterStats({
  types,
  rarities,
  over,
}: {
  types: Record<CardType, number>;
  rarities: RarityCounts;
  over: { R: boolean; SR: boolean; srLeader: boolean; leader: boolean };
}) {
  const t = useT();
  const limited = (key: 'R' | 'SR' | 'srLeader', label: string, title: string) => (
    <li className={over[key] ? 'over' : ''} title={title}>
      {t('deck.rarityOf', { rarity: label, count: rarities[key], limit: RARITY_LIMITS[key] })}
    </li>
  );
  return (
    <div className="db-stats">
      <ul className="db-types" aria-label={t('deck.byTypeCounts')}>
        {TYPES.map((ty) => (
          <li key={ty} className={ty === 'leader' && over.leader ? 'over' : ''}>
            <i className={`db-swatch db-curve-${ty}`} aria-hidden="true" />
            {t('deck.typeCount', { type: typeLabel(ty), count: types[ty] })}
          </li>
        ))}
      </ul>
      <ul className="db-rarities" aria-label={t('deck.byRarityCounts')}>
        <li>{t('deck.rarityCount', { rarity: 'C', count: rarities.C })}</li>
        <li>{t('deck.rarityCount', { rarity: 'U', count: rarities.U })}</li>
        {limited('R', 'R', t('deck.limitR', { limit: RARITY_LIMITS.R }))}
        {limited('SR', 'SR', t('deck.limitSr', { limit: RARITY_LIMITS.SR }))}
        {limited('srLeader', t('deck.srLeader'), t('deck.limitSrLeader', { limit: RARITY_LIMITS.srLeader }))}
      </ul>
    </div>
  );
}
