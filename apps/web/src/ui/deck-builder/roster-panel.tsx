/**
 * The roster panel. On a desktop it stands beside the gallery, the page's full height: its head (count,
 * verdict, name, Centre, cost curve, counts) and foot (save, codes) stay put and only the middle (the
 * engine's verdict and the list) scrolls. On phones and tablets
 * (deck-builder.css, ≤ 900 px) it is a bar fixed at the bottom of the screen, the count always in view, that
 * opens into a sheet with the rest.
 */
import '../../i18n/later-texts';
import { cardName, cardNameHint } from '../../game/labels';
import { useEffect, useMemo, useState } from 'react';
import { cardPool } from '@vroyale/cards';
import { ROSTER_SIZE, type CardDef, type RosterProblem } from '@vroyale/engine';
import { useT } from '../../i18n';
import { CodeBox } from './code-box';
import { CostCurve } from './cost-curve';
import { isLeader, rosterLines, type Draft } from './draft';
import type { RosterNotes } from './problems';
import { RosterList } from './roster-list';
import { RosterStats } from './roster-stats';
import { costCurve, overLimits, rarityCounts, typeCounts } from './stats';

const get = (id: string): CardDef | undefined => cardPool[id];

export interface RosterPanelProps {
  draft: Draft;
  problems: RosterProblem[];
  notes: RosterNotes;
  legalCode: string | null;
  onName: (name: string) => void;
  onCentre: (id: string) => void;
  onAdd: (def: CardDef) => void;
  onRemove: (id: string) => void;
  onSave: () => void;
  onDelete: () => void;
  onImport: (code: string) => boolean;
}

export function RosterPanel(p: RosterPanelProps) {
  const t = useT();
  const { draft, problems, notes } = p;
  const [open, setOpen] = useState(false);
  const lines = useMemo(() => rosterLines(draft.cards), [draft.cards]);
  const curve = useMemo(() => costCurve(draft.cards, draft.centre, get), [draft.cards, draft.centre]);
  const types = useMemo(() => typeCounts(draft.cards, get), [draft.cards]);
  const rarities = useMemo(() => rarityCounts(draft.cards, get), [draft.cards]);
  const leaders = lines.filter((l) => isLeader(l.id));
  const count = draft.cards.length;
  const legal = problems.length === 0;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !document.querySelector('.modal') && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      {open && <div className="db-sheet-back" onClick={() => setOpen(false)} />}
      <aside className="db-roster" data-open={open ? 'true' : 'false'} aria-label={t('lobby.roster')}>
        <div className="db-summary">
          <div className="db-count">
            <b className={count === ROSTER_SIZE ? 'ok' : 'bad'}>
              {count}/{ROSTER_SIZE}
            </b>{' '}
            {t('deck.cardsWord')}
          </div>
          <span className={`db-verdict ${legal ? 'ok' : 'bad'}`}>
            {legal ? t('deck.legalShort') : notes.empty ? t('deck.emptyShort') : t('deck.problemCount', { count: notes.lines.length })}
          </span>
          <button className="btn db-toggle" aria-expanded={open} aria-controls="db-roster-body" onClick={() => setOpen((o) => !o)}>
            {open ? t('deck.hideRoster') : t('deck.showRoster')}
          </button>
        </div>
        <div className="db-roster-body" id="db-roster-body">
          <input
            className="db-name"
            aria-label={t('deck.deckName')}
            placeholder={t('deck.deckName')}
            value={draft.name}
            maxLength={40}
            onChange={(e) => p.onName(e.target.value)}
          />
          <div className="db-centre">
            <label htmlFor="centre">{t('deck.centreShort')}</label>
            <select id="centre" value={draft.centre} disabled={!leaders.length} title={t('deck.centre')} onChange={(e) => p.onCentre(e.target.value)}>
              <option value="">{leaders.length ? t('deck.none') : t('deck.addLeaderFirst')}</option>
              {leaders.map(({ id, def }) => (
                <option key={id} value={id} title={def && cardNameHint(def)}>
                  {def ? cardName(def) : id}
                </option>
              ))}
            </select>
          </div>
          <CostCurve columns={curve} drawn={curve.reduce((n, c) => n + c.total, 0)} />
          <RosterStats types={types} rarities={rarities} over={overLimits(problems)} />
          <div className="db-scroll">
            <div className={`legality ${legal ? 'ok' : 'bad'}`} role="status" aria-live="polite" aria-label={t('deck.legality')}>
              {legal ? (
                <p>{t('deck.legal')}</p>
              ) : notes.empty ? (
                <p className="db-empty">{t('deck.emptyRoster', { size: ROSTER_SIZE })}</p>
              ) : (
                <ul>
                  {notes.lines.map((line, i) => (
                    <li key={i}>{line}</li>
                  ))}
                </ul>
              )}
            </div>
            <RosterList lines={lines} centre={draft.centre} byCard={notes.byCard} onAdd={p.onAdd} onRemove={p.onRemove} />
          </div>
          <div className="db-actions">
            <button className="btn primary" onClick={p.onSave}>
              {t('deck.save')}
            </button>
            {draft.id && (
              <button className="btn ghost" onClick={p.onDelete}>
                {t('account.deleteDeck')}
              </button>
            )}
          </div>
          <CodeBox code={p.legalCode} onImport={p.onImport} />
        </div>
      </aside>
    </>
  );
}
