/**
 * The side-deck panel between two games of a best-of-three (PR-22), for a manager: their roster (the Centre marked,
 * its last copy never movable) and side deck as the swap being chosen would leave them; a click moves one copy to
 * the other list (game/swap-draft.ts). The engine's `validateSwap` judges the draft at every click, its problems
 * worded by game/swap-words.ts. "Keep my deck" sends an empty swap, "Confirm swap" the draft (only while legal);
 * either says ready and cannot be changed. The window's countdown and the opponent's state (choosing, or ready with
 * how many cards they swapped: never which) stay in view. A lazy chunk: the card pool comes with it.
 */
import '../../i18n/later-texts';
import { useEffect, useMemo, useState } from 'react';
import { cardPool } from '@vroyale/cards';
import { validateSwap, type CardDef, type ManagerId, type Swap } from '@vroyale/engine';
import type { SeriesState } from '@vroyale/protocol';
import { cardName, cardNameHint } from '../../game/labels';
import { canTakeOut, NO_SWAP, swapLines, toRoster, toSide, type SideDeckHand, type SwapLine } from '../../game/swap-draft';
import { swapProblemText } from '../../game/swap-words';
import { useLanguage, useT } from '../../i18n';
import { sendSideboard } from '../../net/calls';
import { store, ui } from '../../store';
import { canHover } from '../card';
import { fmt } from '../room-clock';
import { readinessText } from './words';
import '../cost-badge.css';

const pool: Record<string, CardDef> = cardPool;
const primary = (d: CardDef | undefined) => (!d ? 'character' : d.types.includes('leader') ? 'leader' : d.types[0]!);

export default function SideboardPanel({
  roomId,
  series,
  me,
  names,
  left,
}: {
  roomId: string;
  series: SeriesState;
  me: ManagerId;
  names: Record<ManagerId, string>;
  /** The window's time left (ms). */
  left: number;
}) {
  const t = useT();
  const lang = useLanguage();
  const deck: SideDeckHand = series.yours!;
  const b = series.between!;
  const them: ManagerId = me === 'A' ? 'B' : 'A';
  const game = series.game + 1;
  const [draft, setDraft] = useState<Swap>(NO_SWAP);
  const [sending, setSending] = useState(false);
  const sent = b.ready.includes(me);

  // This manager's own cards, for the hover zoom (the side deck's are in no view): never the opponent's.
  useEffect(() => {
    const own: Record<string, CardDef> = {};
    for (const id of [...deck.cards, ...deck.side]) if (pool[id]) own[id] = pool[id];
    store.setState((s) => ({ defs: { ...own, ...s.defs } }));
    return () => ui.setState({ hover: null });
  }, [deck]);

  const order = useMemo(() => {
    const rank = (id: string) => (id === deck.centre ? -1 : (pool[id]?.cost ?? 99));
    const name = (id: string) => (pool[id] ? cardName(pool[id]) : id);
    return (x: string, y: string) => rank(x) - rank(y) || name(x).localeCompare(name(y), lang);
  }, [deck.centre, lang]);
  const lines = swapLines(deck, draft, order);
  const problems = useMemo(() => validateSwap({ centre: deck.centre, cards: [...deck.cards] }, deck.side, draft, pool), [deck, draft]);
  const empty = draft.out.length === 0 && draft.in.length === 0;
  const legal = problems.length === 0;

  const send = async (swap: Swap) => {
    setSending(true);
    await sendSideboard(roomId, { out: [...swap.out], in: [...swap.in] });
    setSending(false);
  };

  let body;
  if (sent) {
    const n = b.swapped[me] ?? 0;
    body = (
      <div className="sb-sent" role="status">
        <p>{n > 0 ? t('series.sent', { game, count: n }) : t('series.sentKept', { game })}</p>
        {!b.ready.includes(them) && <p className="hint">{t('series.waitingFor', { name: names[them] })}</p>}
      </div>
    );
  } else if (deck.side.length === 0) {
    body = (
      <>
        <p className="hint sb-no-side">{t('series.noSide', { game })}</p>
        <div className="options sb-actions">
          <button className="btn primary" disabled={sending} onClick={() => void send(NO_SWAP)}>
            {t('series.keep')}
          </button>
        </div>
      </>
    );
  } else {
    const count = (ls: SwapLine[]) => ls.reduce((n, l) => n + l.n, 0);
    body = (
      <>
        <p className="hint sb-hint">{t('series.sideHint')}</p>
        <div className="sb-lists">
          <CardList
            kind="roster"
            title={t('series.rosterCount', { count: count(lines.roster) })}
            lines={lines.roster}
            deck={deck}
            draft={draft}
            disabled={sending}
            onMove={(id) => setDraft((d) => toSide(deck, d, id))}
          />
          <CardList
            kind="side"
            title={t('series.sideCount', { count: count(lines.side) })}
            lines={lines.side}
            deck={deck}
            draft={draft}
            disabled={sending}
            onMove={(id) => setDraft((d) => toRoster(deck, d, id))}
          />
        </div>
        <div className="sb-foot">
          <div className={`sb-verdict${empty ? '' : legal ? ' ok' : ' bad'}`} role="status" aria-live="polite">
            <p className="sb-counts">{t('series.counts', { out: draft.out.length, in: draft.in.length })}</p>
            {!empty &&
              (legal ? (
                <p>{t('series.legal', { count: draft.out.length })}</p>
              ) : (
                <ul>
                  {problems.map((p, i) => (
                    <li key={i}>{swapProblemText(p, pool)}</li>
                  ))}
                </ul>
              ))}
          </div>
          <div className="options sb-actions">
            <button className="btn" disabled={sending} onClick={() => void send(NO_SWAP)}>
              {t('series.keep')}
            </button>
            <button className="btn primary" disabled={sending || empty || !legal} onClick={() => void send(draft)}>
              {t('series.confirm')}
            </button>
          </div>
        </div>
        <p className="hint sb-note">{t('series.deadlineNote')}</p>
      </>
    );
  }

  return (
    <section className="sideboard" aria-labelledby="sb-title">
      <header className="sb-head">
        <h3 id="sb-title">{t('series.sideTitle', { game })}</h3>
        <span className={`sb-timer${left < 30_000 ? ' low' : ''}`} role="timer" aria-label={t('series.timer', { time: fmt(left) })}>
          {fmt(left)}
        </span>
      </header>
      <p className="sb-them" role="status">
        {readinessText(series, them, names)}
      </p>
      {body}
    </section>
  );
}

function CardList({
  kind,
  title,
  lines,
  deck,
  draft,
  disabled,
  onMove,
}: {
  kind: 'roster' | 'side';
  title: string;
  lines: SwapLine[];
  deck: SideDeckHand;
  draft: Swap;
  disabled: boolean;
  onMove: (id: string) => void;
}) {
  const t = useT();
  return (
    <div className={`sb-list sb-${kind}`}>
      <h4>{title}</h4>
      <ul>
        {lines.map((l) => {
          const def = pool[l.id];
          const name = def ? cardName(def) : l.id;
          const centre = kind === 'roster' && l.id === deck.centre;
          const movable = kind === 'roster' ? canTakeOut(deck, draft, l.id) : l.n > 0;
          // A card this draft moved here goes back where it came from.
          const back = kind === 'roster' ? draft.in.includes(l.id) : draft.out.includes(l.id);
          const label = !movable
            ? centre
              ? t('series.centreStays', { name })
              : name
            : kind === 'roster'
              ? back
                ? t('series.putBackSide', { name })
                : t('series.takeOut', { name })
              : back
                ? t('series.putBackRoster', { name })
                : t('series.bringIn', { name });
          return (
            <li key={l.id} className={`sb-line${l.moved ? ' moved' : ''}${l.n === 0 ? ' gone' : ''}${centre ? ' is-centre' : ''}`}>
              <button
                type="button"
                className="sb-card"
                aria-label={label}
                title={def && cardNameHint(def) ? `${label} (${cardNameHint(def)})` : label}
                aria-disabled={!movable || undefined}
                disabled={disabled}
                onClick={() => movable && onMove(l.id)}
                onMouseEnter={(e) => {
                  if (!def || !canHover()) return;
                  const r = e.currentTarget.getBoundingClientRect();
                  ui.setState({ hover: { def: def.id, rect: { left: r.left, right: r.right, top: r.top } } });
                }}
                onMouseLeave={() => ui.setState({ hover: null })}
              >
                <span className={`cost-badge t-${primary(def)}`}>{def?.cost}</span>
                <span className="sb-name">
                  {name}
                  {centre && <b className="sb-centre">{t('series.centre')}</b>}
                </span>
                <span className="sb-rar">{def?.rarity}</span>
                <span className="sb-delta">
                  {l.leaving > 0 && <span className="out">−{l.leaving}</span>}
                  {l.moved > 0 && <span className="in">+{l.moved}</span>}
                </span>
                <span className="sb-n">×{l.n}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
