/**
 * Deck builder (a lazy chunk, `#/decks`): the card pool to pick from (gallery.tsx), the roster with its cost
 * curve, counts and the engine's verdict, and its side deck (roster-panel.tsx; a switch says where a gallery
 * card goes), decks kept on the server (`/api/decks` through net/account-sync.ts: they follow the account),
 * deck codes (v2 with a side deck), and copies of the starter rosters. Legality is validateRoster's and
 * validateSideDeck's alone.
 */
import '../../i18n/later-texts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { validateRoster, type CardDef } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { decodeDeckCode } from '../../../../../packages/engine/src/deck/deck-code';
import { language, t as translate, useT } from '../../i18n';
import { deleteDeck, saveDeck } from '../../net/account-sync';
import { store, toast, useApp, useUi } from '../../store';
import { ZoomPreview } from '../card';
import { CentreConfirm } from './centre-confirm';
import { addCard, addSide, anyCode, centreAfterRemoving, legalCode, removeCard, removeSide, sideProblems, type Draft, type Target } from './draft';
import { NO_FILTERS, type Filters } from './filters';
import { Gallery } from './gallery';
import { rosterNotes, sideNotes } from './problems';
import { RosterPanel } from './roster-panel';
import './deck-builder.css';
import './roster-panel.css';
import './deck-builder-phone.css';

const empty = (): Draft => ({ id: null, name: translate('deck.newDeck'), centre: '', cards: [], side: [] });

const tx = translate as unknown as (key: string, o?: Record<string, unknown>) => string;

/** A deck code's problem: the engine's English message, or the text for its code in another language. */
const codeProblem = (r: { code: string; message: string }): string => (language() === 'en' ? r.message : tx(`deck.codeError.${r.code}`));

export default function DeckBuilder() {
  const hover = useUi((s) => s.hover);
  const [draft, setDraft] = useState<Draft>(empty);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  /** Where a card chosen in the gallery goes: the roster or the side deck. */
  const [target, setTarget] = useState<Target>('roster');
  /** The card whose removal waits for the Centre's confirmation. */
  const [asking, setAsking] = useState<string | null>(null);
  /** The control that asked (its − button), given focus back when the Centre is kept. */
  const opener = useRef<HTMLElement | null>(null);
  const decks = useApp((s) => s.decks) ?? [];
  const t = useT();

  useEffect(() => {
    store.setState((s) => ({ defs: { ...cardPool, ...s.defs } }));
  }, []);

  const problems = useMemo(() => validateRoster({ centre: draft.centre, cards: draft.cards }, cardPool), [draft.centre, draft.cards]);
  // `t`: the problems are worded in the language on screen.
  const notes = useMemo(() => rosterNotes(draft.cards, problems), [draft.cards, problems, t]);
  const side = useMemo(() => sideProblems({ centre: draft.centre, cards: draft.cards, side: draft.side }), [draft.centre, draft.cards, draft.side]);
  const sNotes = useMemo(() => sideNotes(draft.side, side), [draft.side, side, t]);
  const code = useMemo(() => legalCode(draft), [draft]);

  const add = (d: CardDef) => setDraft((x) => addCard(x, d));
  const addToSide = (d: CardDef) => setDraft((x) => addSide(x, d));
  const remove = (id: string) => {
    if (centreAfterRemoving(draft, id)) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setAsking(id);
    } else setDraft((x) => removeCard(x, id));
  };
  const load = (d: { id?: string | null; name: string; centre: string; cards: readonly string[]; side: readonly string[] }) =>
    setDraft({ id: d.id ?? null, name: d.name, centre: d.centre, cards: [...d.cards], side: [...d.side] });

  const save = async () => {
    const kept = anyCode(draft);
    if (!kept) return toast(t('account.deckNeedsCentre'));
    const name = draft.name.trim() || t('deck.untitled');
    const saved = await saveDeck(draft.id, { name, code: kept });
    if (!saved) return;
    setDraft((x) => ({ ...x, id: saved.id }));
    toast(code ? t('deck.saved', { name: saved.name }) : t('deck.savedIllegal', { name: saved.name }), 'info');
  };

  const open = (id: string) => {
    const d = decks.find((x) => x.id === id);
    if (!d) return;
    const r = decodeDeckCode(d.code, cardPool);
    if (!r.ok) return toast(codeProblem(r));
    load({ id: d.id, name: d.name, centre: r.roster.centre, cards: r.roster.cards, side: r.side });
  };

  const deleteSaved = async () => {
    if (!draft.id || !confirm(t('account.deleteDeckConfirm', { name: draft.name }))) return;
    if (await deleteDeck(draft.id)) setDraft(empty());
  };

  const importCode = (text: string): boolean => {
    const r = decodeDeckCode(text, cardPool);
    if (!r.ok) {
      toast(codeProblem(r));
      return false;
    }
    load({ name: t('deck.imported'), centre: r.roster.centre, cards: r.roster.cards, side: r.side });
    return true;
  };

  const next = asking ? centreAfterRemoving(draft, asking) : null;

  return (
    <div className="deck-builder">
      <header className="lobby-head">
        <a className="btn ghost" href="#/">
          {t('room.lobby')}
        </a>
        <h1>{t('lobby.deckBuilder')}</h1>
        <div className="db-files">
          <label htmlFor="starter">{t('deck.copyStarter')}</label>
          <select
            id="starter"
            value=""
            onChange={(e) => {
              const s = starterRosters.find((x) => x.id === e.target.value);
              if (s) load({ name: t('deck.copyOf', { name: s.name }), centre: s.centre, cards: s.cards, side: [] });
            }}
          >
            <option value="">{t('deck.choose')}</option>
            {starterRosters.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <label htmlFor="saved">{t('deck.myDecks')}</label>
          <select id="saved" value="" onChange={(e) => open(e.target.value)}>
            <option value="">{decks.length ? t('deck.openSaved') : t('deck.noneSaved')}</option>
            {decks.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
              </option>
            ))}
          </select>
          <button className="btn ghost" onClick={() => setDraft(empty())}>
            {t('deck.newDeck')}
          </button>
        </div>
      </header>
      <div className="db-body">
        <Gallery
          draft={draft}
          problems={problems}
          sideProblems={side}
          target={target}
          filters={filters}
          setFilters={setFilters}
          onAdd={target === 'side' ? addToSide : add}
        />
        <RosterPanel
          draft={draft}
          problems={problems}
          notes={notes}
          sideProblems={side}
          sideNotes={sNotes}
          target={target}
          onTarget={setTarget}
          legalCode={code}
          onName={(name) => setDraft((x) => ({ ...x, name }))}
          onCentre={(centre) => setDraft((x) => ({ ...x, centre }))}
          onAdd={add}
          onRemove={remove}
          onAddSide={addToSide}
          onRemoveSide={(id) => setDraft((x) => removeSide(x, id))}
          onSave={() => void save()}
          onDelete={() => void deleteSaved()}
          onImport={importCode}
        />
      </div>
      {asking && next && (
        <CentreConfirm
          centre={asking}
          next={next.next}
          onKeep={() => {
            setAsking(null);
            opener.current?.focus();
          }}
          onRemove={() => {
            setDraft((x) => removeCard(x, asking));
            setAsking(null);
            // the Centre's select shows what the roster's Centre is now
            document.getElementById('centre')?.focus();
          }}
        />
      )}
      <ZoomPreview hover={hover} prefer="left" />
    </div>
  );
}
