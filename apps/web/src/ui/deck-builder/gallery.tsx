/**
 * The card pool: search (name, rules text, keywords, type, flavour) and filters, then every card that
 * passes. A click adds a copy to the roster or to the side deck (the roster panel's switch says which); a card
 * that one more copy there would make break a rule is dimmed and says which.
 */
import '../../i18n/later-texts';
import { cardName } from '../../game/labels';
import { useMemo } from 'react';
import { KEYWORDS, RARITIES, type CardDef, type CardType, type Keyword, type RosterProblem, type SideDeckProblem } from '@vroyale/engine';
import { cardList } from '@vroyale/cards';
import { keywordList, typeLabel, keywordName } from '../../game/glossary';
import { useLanguage, useT } from '../../i18n';
import { CardFace, rulesFor } from '../card';
import type { Draft, Target } from './draft';
import { filterCards, filtering, NO_FILTERS, type Filters } from './filters';
import { addingBreaks, addingBreaksSide } from './problems';
import { CURVE_COSTS, TYPES } from './stats';

/** What a card is found by besides its name, in the interface's language. */
const words = (d: CardDef): string => [...rulesFor(d), ...keywordList(d.keywords).map((k) => k.label), ...d.types.map(typeLabel)].join('\n');

function tally(ids: readonly string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const id of ids) m.set(id, (m.get(id) ?? 0) + 1);
  return m;
}

export function Gallery({
  draft,
  problems,
  sideProblems,
  target,
  filters,
  setFilters,
  onAdd,
}: {
  draft: Draft;
  problems: RosterProblem[];
  sideProblems: SideDeckProblem[];
  target: Target;
  filters: Filters;
  setFilters: (f: Filters) => void;
  onAdd: (def: CardDef) => void;
}) {
  const t = useT();
  const lang = useLanguage();
  // `lang`: rules text and keyword names are searched in the language on screen.
  const shown = useMemo(() => filterCards(cardList, filters, words), [filters, lang]);
  const counts = useMemo(() => tally(draft.cards), [draft.cards]);
  const sideCounts = useMemo(() => tally(draft.side), [draft.side]);
  // `t`: what a card would break is worded in the language on screen.
  const breaks = useMemo(
    () =>
      new Map(
        shown.map((d) => [
          d.id,
          target === 'side'
            ? addingBreaksSide(draft, sideProblems, d, 'side')
            : (addingBreaks(draft, problems, d) ?? (draft.side.length ? addingBreaksSide(draft, sideProblems, d, 'roster') : null)),
        ]),
      ),
    [shown, draft, problems, sideProblems, target, t],
  );
  const set = (patch: Partial<Filters>) => setFilters({ ...filters, ...patch });

  return (
    <section className="db-gallery" aria-label={t('deck.gallery')}>
      <div className="filters" role="search">
        <input
          type="search"
          aria-label={t('deck.search')}
          placeholder={t('deck.searchPlaceholder')}
          value={filters.q}
          onChange={(e) => set({ q: e.target.value })}
        />
        <select aria-label={t('deck.byType')} value={filters.type} onChange={(e) => set({ type: e.target.value as CardType | '' })}>
          <option value="">{t('deck.allTypes')}</option>
          {TYPES.map((x) => (
            <option key={x} value={x}>
              {typeLabel(x)}
            </option>
          ))}
        </select>
        <select aria-label={t('deck.byRarity')} value={filters.rarity} onChange={(e) => set({ rarity: e.target.value })}>
          <option value="">{t('deck.allRarities')}</option>
          {RARITIES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <select aria-label={t('deck.byCost')} value={filters.cost} onChange={(e) => set({ cost: e.target.value })}>
          <option value="">{t('deck.anyCost')}</option>
          {CURVE_COSTS.map((c) => (
            <option key={c} value={c}>
              {t('cards.cost', { cost: c })}
            </option>
          ))}
        </select>
        <select aria-label={t('deck.byKeyword')} value={filters.kw} onChange={(e) => set({ kw: e.target.value as Keyword | '' })}>
          <option value="">{t('deck.anyKeyword')}</option>
          {KEYWORDS.map((k) => (
            <option key={k} value={k}>
              {keywordName(k)}
            </option>
          ))}
        </select>
        <span className="hint db-shown">{t('lobby.cards', { count: shown.length })}</span>
        {filtering(filters) && (
          <button className="btn ghost db-clear" onClick={() => setFilters(NO_FILTERS)}>
            {t('deck.clearFilters')}
          </button>
        )}
      </div>
      {shown.length === 0 ? (
        <p className="db-none">{t('deck.noMatch')}</p>
      ) : (
        <div className="gallery">
          {shown.map((d) => {
            const n = counts.get(d.id);
            const inSide = sideCounts.get(d.id);
            const why = breaks.get(d.id);
            return (
              <div className={`gallery-item${why ? ' would-break' : ''}`} key={d.id}>
                <button
                  className="slot-btn"
                  onClick={() => onAdd(d)}
                  aria-label={t(target === 'side' ? 'deck.addCardSide' : 'deck.addCard', { name: cardName(d), rarity: d.rarity, cost: d.cost })}
                  title={why ? t('deck.wouldBreak', { problem: why }) : undefined}
                >
                  <CardFace def={d} size="sm" />
                </button>
                {n ? <span className="in-deck">×{n}</span> : null}
                {inSide ? <span className="in-side">{t('deck.inSide', { count: inSide })}</span> : null}
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
