/**
 * The roster panel. On a desktop it stands beside the gallery, the page's full height: its head (count,
 * verdict, name, Centre, where gallery cards go, cost curve, counts) and foot (save, codes) stay put and only
 * the middle (the engine's verdict, the roster's list and the side deck's) scrolls. On phones and tablets
 * (deck-builder.css, ≤ 900 px) it is a bar fixed at the bottom of the screen, the count always in view, that
 * opens into a sheet with the rest.
 */
import '../../i18n/later-texts';
import { cardName, cardNameHint } from '../../game/labels';
import { useEffect, useMemo, useState } from 'react';
import { cardPool } from '@vroyale/cards';
import { ROSTER_SIZE, SIDE_DECK_MAX, type CardDef, type RosterProblem, type SideDeckProblem } from '@vroyale/engine';
import { useT } from '../../i18n';
import { CodeBox } from './code-box';
import { CostCurve } from './cost-curve';
import { isLeader, rosterLines, type Draft, type Target } from './draft';
import type { RosterNotes, SideNotes } from './problems';
import { RosterList } from './roster-list';
import { RosterStats } from './roster-stats';
import { costCurve, overLimits, rarityCounts, typeCounts } from './stats';

const get = (id: string): CardDef | undefined => cardPool[id];

export interface RosterPanelProps {
  draft: Draft;
  problems: RosterProblem[];
  notes: RosterNotes;
  sideProblems: SideDeckProblem[];
  sideNotes: SideNotes;
  /** Where a card chosen in the gallery goes. */
  target: Target;
  onTarget: (t: Target) => void;
  legalCode: string | null;
  onName: (name: string) => void;
  onCentre: (id: string) => void;
  onAdd: (def: CardDef) => void;
  onRemove: (id: string) => void;
  onAddSide: (def: CardDef) => void;
  onRemoveSide: (id: string) => void;
  onSave: () => void;
  onDelete: () => void;
  onImport: (code: string) => boolean;
}

export function RosterPanel(p: RosterPanelProps) {
  const t = useT();
  const { draft, problems, notes, sideNotes, target } = p;
  const [open, setOpen] = useState(false);
  const lines = useMemo(() => rosterLines(draft.cards), [draft.cards]);
  const sideLines = useMemo(() => rosterLines(draft.side), [draft.side]);
  const curve = useMemo(() => costCurve(draft.cards, draft.centre, get), [draft.cards, draft.centre]);
  const types = useMemo(() => typeCounts(draft.cards, get), [draft.cards]);
  const rarities = useMemo(() => rarityCounts(draft.cards, get), [draft.cards]);
  const leaders = lines.filter((l) => isLeader(l.id));
  const count = draft.cards.length;
  const legal = problems.length === 0 && p.sideProblems.length === 0;
  const problemLines = [...notes.lines, ...sideNotes.lines];
  // an empty roster is explained instead of listed; the side deck's problems still show
  const listed = notes.empty ? sideNotes.lines : problemLines;
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
            {legal ? t('deck.legalShort') : notes.empty ? t('deck.emptyShort') : t('deck.problemCount', { count: problemLines.length })}
          </span>
          {target === 'side' && <span className="db-side-chip">{t('deck.sideChip', { count: draft.side.length, max: SIDE_DECK_MAX })}</span>}
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
          <div className="db-target" role="group" aria-labelledby="db-target-label">
            <span id="db-target-label">{t('deck.addingTo')}</span>
            <button type="button" className="btn small" aria-pressed={target === 'roster'} onClick={() => p.onTarget('roster')}>
              {t('deck.toRoster')}
            </button>
            <button type="button" className="btn small" aria-pressed={target === 'side'} onClick={() => p.onTarget('side')}>
              {t('deck.toSide')}
            </button>
          </div>
          <CostCurve columns={curve} drawn={curve.reduce((n, c) => n + c.total, 0)} />
          <RosterStats types={types} rarities={rarities} over={overLimits(problems)} />
          <div className="db-scroll">
            <div className={`legality ${legal ? 'ok' : 'bad'}`} role="status" aria-live="polite" aria-label={t('deck.legality')}>
              {legal ? (
                <p>{draft.side.length ? t('deck.legalWithSide') : t('deck.legal')}</p>
              ) : (
                <>
                  {notes.empty && <p className="db-empty">{t('deck.emptyRoster', { size: ROSTER_SIZE })}</p>}
                  {listed.length > 0 && (
                    <ul>
                      {listed.map((line, i) => (
                        <li key={i}>{line}</li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </div>
            <RosterList lines={lines} centre={draft.centre} byCard={notes.byCard} onAdd={p.onAdd} onRemove={p.onRemove} />
            <section className="db-side" aria-labelledby="db-side-head">
              <h2 id="db-side-head" className="db-side-head">
                {t('deck.sideCount', { count: draft.side.length, max: SIDE_DECK_MAX })}
              </h2>
              {sideLines.length ? (
                <RosterList lines={sideLines} centre="" byCard={sideNotes.byCard} onAdd={p.onAddSide} onRemove={p.onRemoveSide} side />
              ) : (
                <p className="hint db-side-empty">{t('deck.sideEmpty', { max: SIDE_DECK_MAX })}</p>
              )}
            </section>
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
