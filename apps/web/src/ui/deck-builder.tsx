/**
 * Deck builder (loaded on demand): a searchable, filterable gallery of the card pool, the roster with counts,
 * the Centre, live legality from the engine's validateRoster, decks saved on the server (`/api/decks`, through
 * net/account-sync.ts: they follow the account), deck codes and copies of the starter rosters.
 */
import { rosterProblemText } from '../game/roster-words';
import { useEffect, useMemo, useState } from 'react';
import { KEYWORDS, RARITIES, validateRoster, type CardDef, type CardType, type Keyword } from '@vroyale/engine';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { decodeDeckCode, encodeDeckCode } from '../../../../packages/engine/src/deck/deck-code';
import { keywordName, typeLabel } from '../game/glossary';
import { cardName, cardNameHint } from '../game/labels';
import { language, t as translate, useT } from '../i18n';
import { deleteDeck, saveDeck } from '../net/account-sync';
import { store, toast, ui, useApp, useUi } from '../store';
import { canHover, CardFace, ZoomPreview } from './card';

const TYPES: CardType[] = ['leader', 'character', 'highlight', 'event', 'asset'];
const RARITY_ORDER: Record<string, number> = { C: 0, U: 1, R: 2, SR: 3, SSR: 4 };

interface Draft {
  id: string | null;
  name: string;
  centre: string;
  cards: string[];
}

const empty = (): Draft => ({ id: null, name: translate('deck.newDeck'), centre: '', cards: [] });

const tx = translate as unknown as (key: string, o?: Record<string, unknown>) => string;

/** A deck code's problem: the engine's English message, or the text for its code in another language. */
const codeProblem = (r: { code: string; message: string }): string => (language() === 'en' ? r.message : tx(`deck.codeError.${r.code}`));

function codeOf(d: Draft): string | null {
  try {
    return d.centre && validateRoster({ centre: d.centre, cards: d.cards }, cardPool).length === 0 ? encodeDeckCode({ centre: d.centre, cards: d.cards }, cardPool) : null;
  } catch {
    return null;
  }
}

/** Any roster with a Centre among its cards has a code, legal or not: that is what the server keeps. */
function anyCodeOf(d: Draft): string | null {
  try {
    return d.centre ? encodeDeckCode({ centre: d.centre, cards: d.cards }, cardPool) : null;
  } catch {
    return null;
  }
}

export default function DeckBuilder() {
  const hover = useUi((s) => s.hover);
  const [draft, setDraft] = useState<Draft>(empty);
  const decks = useApp((s) => s.decks) ?? [];
  const [q, setQ] = useState('');
  const [type, setType] = useState<CardType | ''>('');
  const [rarity, setRarity] = useState('');
  const [cost, setCost] = useState('');
  const [kw, setKw] = useState<Keyword | ''>('');
  const [code, setCode] = useState('');
  const [exported, setExported] = useState('');
  const t = useT();
  const lang = language();

  useEffect(() => {
    store.setState((s) => ({ defs: { ...cardPool, ...s.defs } }));
  }, []);

  const shown = useMemo(() => {
    const text = q.trim().toLowerCase();
    return cardList
      .filter((c) => !type || c.types.includes(type))
      .filter((c) => !rarity || c.rarity === rarity)
      .filter((c) => !cost || (cost === '6+' ? c.cost >= 6 : c.cost === Number(cost)))
      .filter((c) => !kw || c.keywords?.[kw] !== undefined)
      // Either name finds a card (a Japanese player may know the English one from a list or a friend).
      .filter((c) => !text || c.name.toLowerCase().includes(text) || (c.nameJa ?? '').includes(text) || c.id.includes(text) || (c.flavor ?? '').toLowerCase().includes(text))
      .sort((a, b) => a.cost - b.cost || RARITY_ORDER[a.rarity]! - RARITY_ORDER[b.rarity]! || cardName(a).localeCompare(cardName(b), lang));
  }, [q, type, rarity, cost, kw, lang]);

  const counts = useMemo(() => {
    const m = new Map<string, number>();
    for (const id of draft.cards) m.set(id, (m.get(id) ?? 0) + 1);
    return m;
  }, [draft.cards]);
  const problems = useMemo(() => validateRoster({ centre: draft.centre, cards: draft.cards }, cardPool), [draft]);
  const leaders = [...counts.keys()].filter((id) => cardPool[id]?.types.includes('leader'));

  const add = (d: CardDef) =>
    setDraft((x) => ({ ...x, cards: [...x.cards, d.id], centre: x.centre || (d.types.includes('leader') ? d.id : x.centre) }));
  const remove = (id: string) =>
    setDraft((x) => {
      const i = x.cards.lastIndexOf(id);
      if (i < 0) return x;
      const cards = [...x.cards.slice(0, i), ...x.cards.slice(i + 1)];
      return { ...x, cards, centre: cards.includes(x.centre) ? x.centre : (cards.find((c) => cardPool[c]?.types.includes('leader')) ?? '') };
    });

  const save = async () => {
    const code = anyCodeOf(draft);
    if (!code) return toast(t('account.deckNeedsCentre'));
    const name = draft.name.trim() || t('deck.untitled');
    const saved = await saveDeck(draft.id, { name, code });
    if (!saved) return;
    setDraft((x) => ({ ...x, id: saved.id }));
    toast(codeOf(draft) ? t('deck.saved', { name: saved.name }) : t('deck.savedIllegal', { name: saved.name }), 'info');
  };

  const open = (id: string) => {
    const d = decks.find((x) => x.id === id);
    if (!d) return;
    const r = decodeDeckCode(d.code, cardPool);
    if (!r.ok) return toast(codeProblem(r));
    load({ id: d.id, name: d.name, centre: r.roster.centre, cards: r.roster.cards });
  };

  const remove_ = async () => {
    if (!draft.id || !confirm(t('account.deleteDeckConfirm', { name: draft.name }))) return;
    if (await deleteDeck(draft.id)) setDraft(empty());
  };

  const load = (d: { id?: string | null; name: string; centre: string; cards: readonly string[] }) =>
    setDraft({ id: d.id ?? null, name: d.name, centre: d.centre, cards: [...d.cards] });

  const groups = [...counts.entries()]
    .map(([id, n]) => ({ def: cardPool[id], id, n }))
    .sort((a, b) => (a.def?.cost ?? 0) - (b.def?.cost ?? 0) || (a.def ? cardName(a.def) : a.id).localeCompare(b.def ? cardName(b.def) : b.id, lang));

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
              if (s) load({ name: t('deck.copyOf', { name: s.name }), centre: s.centre, cards: s.cards });
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
          <select
            id="saved"
            value=""
            onChange={(e) => open(e.target.value)}
          >
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
        <section className="db-gallery" aria-label={t('deck.gallery')}>
          <div className="filters" role="search">
            <input aria-label={t('deck.search')} placeholder={t('deck.searchPlaceholder')} value={q} onChange={(e) => setQ(e.target.value)} />
            <select aria-label={t('deck.byType')} value={type} onChange={(e) => setType(e.target.value as CardType | '')}>
              <option value="">{t('deck.allTypes')}</option>
              {TYPES.map((x) => (
                <option key={x} value={x}>
                  {typeLabel(x)}
                </option>
              ))}
            </select>
            <select aria-label={t('deck.byRarity')} value={rarity} onChange={(e) => setRarity(e.target.value)}>
              <option value="">{t('deck.allRarities')}</option>
              {RARITIES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <select aria-label={t('deck.byCost')} value={cost} onChange={(e) => setCost(e.target.value)}>
              <option value="">{t('deck.anyCost')}</option>
              {['0', '1', '2', '3', '4', '5', '6+'].map((c) => (
                <option key={c} value={c}>
                  {t('cards.cost', { cost: c })}
                </option>
              ))}
            </select>
            <select aria-label={t('deck.byKeyword')} value={kw} onChange={(e) => setKw(e.target.value as Keyword | '')}>
              <option value="">{t('deck.anyKeyword')}</option>
              {KEYWORDS.map((k) => (
                <option key={k} value={k}>
                  {keywordName(k)}
                </option>
              ))}
            </select>
            <span className="hint">{t('lobby.cards', { count: shown.length })}</span>
          </div>
          <div className="gallery">
            {shown.map((d) => (
              <div className="gallery-item" key={d.id}>
                <button className="slot-btn" onClick={() => add(d)} aria-label={t('deck.addCard', { name: cardName(d), rarity: d.rarity, cost: d.cost })}>
                  <CardFace def={d} size="sm" />
                </button>
                {counts.get(d.id) ? <span className="in-deck">×{counts.get(d.id)}</span> : null}
              </div>
            ))}
          </div>
        </section>
        <aside className="db-roster" aria-label={t('lobby.roster')}>
          <label htmlFor="deck-name">{t('deck.deckName')}</label>
          <input id="deck-name" value={draft.name} maxLength={40} onChange={(e) => setDraft((x) => ({ ...x, name: e.target.value }))} />
          <div className="db-count">
            <b className={draft.cards.length === 30 ? 'ok' : 'bad'}>{draft.cards.length}/30</b> {t('deck.cardsWord')}
          </div>
          <label htmlFor="centre">{t('deck.centre')}</label>
          <select id="centre" value={draft.centre} onChange={(e) => setDraft((x) => ({ ...x, centre: e.target.value }))}>
            <option value="">{t('deck.none')}</option>
            {leaders.map((id) => (
              <option key={id} value={id} title={cardNameHint(cardPool[id]!)}>
                {cardName(cardPool[id]!)}
              </option>
            ))}
          </select>
          <div className={`legality ${problems.length ? 'bad' : 'ok'}`} role="status" aria-live="polite" aria-label={t('deck.legality')}>
            {problems.length === 0 ? (
              <p>{t('deck.legal')}</p>
            ) : (
              <ul>
                {problems.map((p, i) => (
                  <li key={i}>{rosterProblemText(p, cardPool)}</li>
                ))}
              </ul>
            )}
          </div>
          <ul className="roster-list">
            {groups.map(({ id, n, def }) => (
              <li key={id} className={id === draft.centre ? 'is-centre' : ''}>
                <span className={`rl-cost t-${def?.types[0] ?? 'character'}`}>{def?.cost}</span>
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
                  {def ? cardName(def) : id}
                  {id === draft.centre ? t('deck.centreMark') : ''}
                </span>
                <span className="rl-rar">{def?.rarity}</span>
                <span className="rl-n">×{n}</span>
                <button className="btn small" aria-label={t('deck.removeOne', { name: def ? cardName(def) : id })} onClick={() => remove(id)}>
                  −
                </button>
                <button className="btn small" aria-label={t('deck.addOne', { name: def ? cardName(def) : id })} onClick={() => def && add(def)}>
                  +
                </button>
              </li>
            ))}
          </ul>
          <div className="db-actions">
            <button className="btn primary" onClick={() => void save()}>
              {t('deck.save')}
            </button>
            {draft.id && (
              <button className="btn ghost" onClick={() => void remove_()}>
                {t('account.deleteDeck')}
              </button>
            )}
            <button
              className="btn"
              disabled={!codeOf(draft)}
              onClick={() => {
                const c = codeOf(draft);
                if (!c) return;
                setExported(c);
                void navigator.clipboard?.writeText(c).catch(() => undefined);
              }}
            >
              {t('deck.export')}
            </button>
          </div>
          {exported && <input className="code-out" aria-label={t('deck.code')} readOnly value={exported} onFocus={(e) => e.target.select()} />}
          <form
            className="db-import"
            onSubmit={(e) => {
              e.preventDefault();
              const r = decodeDeckCode(code, cardPool);
              if (!r.ok) return toast(codeProblem(r));
              load({ name: t('deck.imported'), centre: r.roster.centre, cards: r.roster.cards });
              setCode('');
            }}
          >
            <input aria-label={t('deck.codeToImport')} placeholder={t('deck.pasteCode')} value={code} onChange={(e) => setCode(e.target.value)} />
            <button className="btn" disabled={!code.trim()}>
              {t('deck.import')}
            </button>
          </form>
        </aside>
      </div>
      <ZoomPreview hover={hover} prefer="left" />
    </div>
  );
}
