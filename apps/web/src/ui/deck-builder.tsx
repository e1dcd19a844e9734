/**
 * Deck builder (loaded on demand): a searchable, filterable gallery of the card pool, the roster with counts,
 * the Centre, live legality from the engine's validateRoster, decks saved in localStorage, deck codes and
 * copies of the starter rosters.
 */
import { useEffect, useMemo, useState } from 'react';
import { KEYWORDS, RARITIES, validateRoster, type CardDef, type CardType, type Keyword } from '@vroyale/engine';
import { cardList, cardPool, starterRosters } from '@vroyale/cards';
import { decodeDeckCode, encodeDeckCode } from '../../../../packages/engine/src/deck/deck-code';
import { loadDecks, saveDecks, type SavedDeck } from '../decks';
import { KEYWORD_INFO, TYPE_LABEL } from '../game/glossary';
import { store, toast, ui, useUi } from '../store';
import { canHover, CardFace, ZoomPreview } from './card';

const TYPES: CardType[] = ['leader', 'character', 'highlight', 'event', 'asset'];
const RARITY_ORDER: Record<string, number> = { C: 0, U: 1, R: 2, SR: 3, SSR: 4 };

interface Draft {
  id: string | null;
  name: string;
  centre: string;
  cards: string[];
}

const empty = (): Draft => ({ id: null, name: 'New deck', centre: '', cards: [] });

function codeOf(d: Draft): string | null {
  try {
    return d.centre && validateRoster({ centre: d.centre, cards: d.cards }, cardPool).length === 0 ? encodeDeckCode({ centre: d.centre, cards: d.cards }, cardPool) : null;
  } catch {
    return null;
  }
}

export default function DeckBuilder() {
  const hover = useUi((s) => s.hover);
  const [draft, setDraft] = useState<Draft>(empty);
  const [decks, setDecks] = useState<SavedDeck[]>(loadDecks);
  const [q, setQ] = useState('');
  const [type, setType] = useState<CardType | ''>('');
  const [rarity, setRarity] = useState('');
  const [cost, setCost] = useState('');
  const [kw, setKw] = useState<Keyword | ''>('');
  const [code, setCode] = useState('');
  const [exported, setExported] = useState('');

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
      .filter((c) => !text || c.name.toLowerCase().includes(text) || c.id.includes(text) || (c.flavor ?? '').toLowerCase().includes(text))
      .sort((a, b) => a.cost - b.cost || RARITY_ORDER[a.rarity]! - RARITY_ORDER[b.rarity]! || a.name.localeCompare(b.name));
  }, [q, type, rarity, cost, kw]);

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

  const save = () => {
    const id = draft.id ?? `d${Date.now().toString(36)}`;
    const deck: SavedDeck = { id, name: draft.name.trim() || 'Untitled deck', centre: draft.centre, cards: draft.cards, code: codeOf(draft), savedAt: Date.now() };
    const next = [...decks.filter((d) => d.id !== id), deck];
    saveDecks(next);
    setDecks(next);
    setDraft((x) => ({ ...x, id }));
    toast(deck.code ? `Saved "${deck.name}": it is ready to play` : `Saved "${deck.name}" (not legal yet, so it cannot be played)`, 'info');
  };

  const load = (d: { id?: string | null; name: string; centre: string; cards: readonly string[] }) =>
    setDraft({ id: d.id ?? null, name: d.name, centre: d.centre, cards: [...d.cards] });

  const groups = [...counts.entries()]
    .map(([id, n]) => ({ def: cardPool[id], id, n }))
    .sort((a, b) => (a.def?.cost ?? 0) - (b.def?.cost ?? 0) || (a.def?.name ?? a.id).localeCompare(b.def?.name ?? b.id));

  return (
    <div className="deck-builder">
      <header className="lobby-head">
        <a className="btn ghost" href="#/">
          ← Lobby
        </a>
        <h1>Deck builder</h1>
        <div className="db-files">
          <label htmlFor="starter">Copy a starter</label>
          <select
            id="starter"
            value=""
            onChange={(e) => {
              const s = starterRosters.find((x) => x.id === e.target.value);
              if (s) load({ name: `Copy of ${s.name}`, centre: s.centre, cards: s.cards });
            }}
          >
            <option value="">Choose…</option>
            {starterRosters.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          <label htmlFor="saved">My decks</label>
          <select
            id="saved"
            value=""
            onChange={(e) => {
              const d = decks.find((x) => x.id === e.target.value);
              if (d) load(d);
            }}
          >
            <option value="">{decks.length ? 'Open…' : 'None saved'}</option>
            {decks.map((d) => (
              <option key={d.id} value={d.id}>
                {d.name}
                {d.code ? '' : ' (not legal)'}
              </option>
            ))}
          </select>
          <button className="btn ghost" onClick={() => setDraft(empty())}>
            New deck
          </button>
        </div>
      </header>
      <div className="db-body">
        <section className="db-gallery" aria-label="Card gallery">
          <div className="filters" role="search">
            <input aria-label="Search cards" placeholder="Search by name or text" value={q} onChange={(e) => setQ(e.target.value)} />
            <select aria-label="Filter by type" value={type} onChange={(e) => setType(e.target.value as CardType | '')}>
              <option value="">All types</option>
              {TYPES.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]}
                </option>
              ))}
            </select>
            <select aria-label="Filter by rarity" value={rarity} onChange={(e) => setRarity(e.target.value)}>
              <option value="">All rarities</option>
              {RARITIES.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
            <select aria-label="Filter by cost" value={cost} onChange={(e) => setCost(e.target.value)}>
              <option value="">Any cost</option>
              {['0', '1', '2', '3', '4', '5', '6+'].map((c) => (
                <option key={c} value={c}>
                  Cost {c}
                </option>
              ))}
            </select>
            <select aria-label="Filter by keyword" value={kw} onChange={(e) => setKw(e.target.value as Keyword | '')}>
              <option value="">Any keyword</option>
              {KEYWORDS.map((k) => (
                <option key={k} value={k}>
                  {KEYWORD_INFO[k].name}
                </option>
              ))}
            </select>
            <span className="hint">{shown.length} cards</span>
          </div>
          <div className="gallery">
            {shown.map((d) => (
              <div className="gallery-item" key={d.id}>
                <button className="slot-btn" onClick={() => add(d)} aria-label={`Add ${d.name} (${d.rarity}, cost ${d.cost}) to the roster`}>
                  <CardFace def={d} size="sm" />
                </button>
                {counts.get(d.id) ? <span className="in-deck">×{counts.get(d.id)}</span> : null}
              </div>
            ))}
          </div>
        </section>
        <aside className="db-roster" aria-label="Roster">
          <label htmlFor="deck-name">Deck name</label>
          <input id="deck-name" value={draft.name} maxLength={40} onChange={(e) => setDraft((x) => ({ ...x, name: e.target.value }))} />
          <div className="db-count">
            <b className={draft.cards.length === 30 ? 'ok' : 'bad'}>{draft.cards.length}/30</b> cards
          </div>
          <label htmlFor="centre">Centre (a Leader in the roster)</label>
          <select id="centre" value={draft.centre} onChange={(e) => setDraft((x) => ({ ...x, centre: e.target.value }))}>
            <option value="">— none —</option>
            {leaders.map((id) => (
              <option key={id} value={id}>
                {cardPool[id]?.name}
              </option>
            ))}
          </select>
          <div className={`legality ${problems.length ? 'bad' : 'ok'}`} role="status" aria-live="polite" aria-label="Roster legality">
            {problems.length === 0 ? (
              <p>✓ This roster is legal.</p>
            ) : (
              <ul>
                {problems.map((p, i) => (
                  <li key={i}>{p.message}</li>
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
                  onMouseEnter={(e) => {
                    if (!def || !canHover()) return;
                    // Beside the roster panel, over the gallery: never over the list itself.
                    const list = e.currentTarget.closest('.db-roster')!.getBoundingClientRect();
                    const r = e.currentTarget.getBoundingClientRect();
                    ui.setState({ hover: { def: def.id, rect: { left: list.left, right: list.left, top: r.top } } });
                  }}
                  onMouseLeave={() => ui.setState({ hover: null })}
                >
                  {def?.name ?? id}
                  {id === draft.centre ? ' (Centre)' : ''}
                </span>
                <span className="rl-rar">{def?.rarity}</span>
                <span className="rl-n">×{n}</span>
                <button className="btn small" aria-label={`Remove one ${def?.name ?? id}`} onClick={() => remove(id)}>
                  −
                </button>
                <button className="btn small" aria-label={`Add one ${def?.name ?? id}`} onClick={() => def && add(def)}>
                  +
                </button>
              </li>
            ))}
          </ul>
          <div className="db-actions">
            <button className="btn primary" onClick={save}>
              Save deck
            </button>
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
              Export code
            </button>
          </div>
          {exported && <input className="code-out" aria-label="Deck code" readOnly value={exported} onFocus={(e) => e.target.select()} />}
          <form
            className="db-import"
            onSubmit={(e) => {
              e.preventDefault();
              const r = decodeDeckCode(code, cardPool);
              if (!r.ok) return toast(r.message);
              load({ name: 'Imported deck', centre: r.roster.centre, cards: r.roster.cards });
              setCode('');
            }}
          >
            <input aria-label="Deck code to import" placeholder="Paste a deck code (v1-…)" value={code} onChange={(e) => setCode(e.target.value)} />
            <button className="btn" disabled={!code.trim()}>
              Import
            </button>
          </form>
        </aside>
      </div>
      <ZoomPreview hover={hover} prefer="left" />
    </div>
  );
}
