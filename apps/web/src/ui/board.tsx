/**
 * The playmat: both managers' zones, the stack, the phase tracker and the prompt. Pure from its props (the
 * replay viewer renders it too); the only actions it offers are the legal ones it is given.
 */
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import type { Action, CardDef, CardView, GameView, ManagerId, ManagerView } from '@vroyale/engine';
import { actionsByCard, autoPick, complete, describeTarget, menuFor, narrow, passHint, PHASES, primaryAction, type MenuEntry } from '../game/choices';
import { ZONE_INFO } from '../game/glossary';
import { store, ui, useUi } from '../store';
import { CardBack, CardFace, cardLabel, type CardSize } from './Card';

export interface BoardProps {
  view: GameView;
  legal: readonly Action[];
  names: Record<ManagerId, string>;
  /** The seat shown at the bottom and whose hand is face up; null for spectators and replays. */
  me: ManagerId | null;
  busy: boolean;
  onAct: (a: Action) => void;
  /** Replaces the prompt (spectators, replays). */
  status?: ReactNode;
}

interface Ctx extends BoardProps {
  byCard: Map<string, Action[]>;
  aimingNext: Set<string>;
  attackers: Set<string>;
  blocks: Map<string, string[]>;
  problems: Map<string, string[]>;
}

const other = (m: ManagerId): ManagerId => (m === 'A' ? 'B' : 'A');
const lookup = (id: string) => store.getState().defs[id];

function nameOf(view: GameView, id: string): string {
  for (const m of ['A', 'B'] as const) {
    const mv = view.managers[m];
    for (const c of [...mv.main, ...mv.centre]) if (c.id === id) return view.defs[c.def]?.name ?? 'a card';
  }
  return 'a card';
}

/** Starts a card's action: acts at once when there is nothing to choose, else aims or opens the menu. */
function startEntry(ctx: Ctx, card: string, e: MenuEntry): void {
  const first = e.actions[0]!;
  if (e.actions.length === 1 && (first.type !== 'play' && first.type !== 'activate' ? true : (first.type === 'play' ? first.targets.length : first.targets.length + first.costCards.length) === 0)) {
    ctx.onAct(first);
    return;
  }
  const picked = autoPick(e.actions, []);
  const done = complete(e.actions, picked);
  if (done && narrow(e.actions, picked).next.length === 0) {
    ctx.onAct(done);
    return;
  }
  ui.setState({ aiming: { card, label: e.label, candidates: e.actions, picked }, menu: null });
}

const DIRECT = new Set(['attack', 'cancel-attack', 'discard']);

function clickCard(ctx: Ctx, id: string, def: CardDef | undefined): void {
  const aiming = ui.getState().aiming;
  if (aiming && ctx.aimingNext.has(id)) return pick(ctx, id);
  const acts = ctx.byCard.get(id);
  if (!acts?.length || ctx.busy) return;
  const entries = menuFor(acts, def, (x) => nameOf(ctx.view, x), lookup);
  if (entries.length === 1 && entries[0]!.actions.length === 1 && DIRECT.has(entries[0]!.actions[0]!.type)) return ctx.onAct(entries[0]!.actions[0]!);
  ui.setState((s) => ({ menu: s.menu === id ? null : id, aiming: null }));
}

function pick(ctx: Ctx, value: string): void {
  const a = ui.getState().aiming;
  if (!a) return;
  const picked = autoPick(a.candidates, [...a.picked, value]);
  const { next } = narrow(a.candidates, picked);
  const done = complete(a.candidates, picked);
  if (done && next.length === 0) {
    ui.setState({ aiming: null });
    ctx.onAct(done);
  } else ui.setState({ aiming: { ...a, picked } });
}

/** The card's action menu, in a portal so scrolling zones never clip it; placed above (or below) the card. */
function CardMenu({ ctx, id, def, anchor }: { ctx: Ctx; id: string; def: CardDef | undefined; anchor: RefObject<HTMLDivElement | null> }) {
  const entries = menuFor(ctx.byCard.get(id) ?? [], def, (x) => nameOf(ctx.view, x), lookup);
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const a = anchor.current?.getBoundingClientRect();
    const m = ref.current?.getBoundingClientRect();
    if (!a || !m) return;
    const left = Math.max(4, Math.min(window.innerWidth - m.width - 4, a.left + a.width / 2 - m.width / 2));
    const above = a.top - m.height - 6;
    const top = above >= 4 ? above : Math.min(window.innerHeight - m.height - 4, a.bottom + 6);
    setPos({ left, top });
    (ref.current?.querySelector('button') as HTMLButtonElement | null)?.focus();
  }, [anchor]);
  return createPortal(
    <div
      ref={ref}
      className="card-menu"
      role="menu"
      aria-label={`Actions for ${def?.name ?? 'card'}`}
      style={pos ? { left: pos.left, top: pos.top } : { left: -9999, top: 0 }}
    >
      {entries.map((e) => (
        <button key={e.key} role="menuitem" disabled={ctx.busy} onClick={(ev) => (ev.stopPropagation(), startEntry(ctx, id, e))} title={e.detail}>
          <span>{e.label}</span>
          {e.detail && <small>{e.detail}</small>}
        </button>
      ))}
      <button role="menuitem" className="menu-close" onClick={(ev) => (ev.stopPropagation(), ui.setState({ menu: null }))}>
        Close
      </button>
    </div>,
    document.body,
  );
}

function BoardCard({ ctx, card, size, extraClass }: { ctx: Ctx; card: CardView; size: CardSize; extraClass?: string }) {
  const def = ctx.view.defs[card.def];
  const menu = useUi((s) => s.menu === card.id);
  const aimed = useUi((s) => s.aiming?.picked.includes(card.id) ?? false);
  const anchor = useRef<HTMLDivElement>(null);
  if (!def) return null;
  const acts = ctx.byCard.get(card.id);
  const targetable = ctx.aimingNext.has(card.id);
  const actionable = !!acts?.length;
  const attacking = ctx.attackers.has(card.id);
  const blocking = ctx.blocks.get(card.id);
  const problems = ctx.problems.get(card.id);
  const cls = [
    'slot',
    card.tilted ? 'tilted' : '',
    actionable ? 'actionable' : '',
    targetable ? 'targetable' : '',
    aimed ? 'aimed' : '',
    attacking ? 'attacking' : '',
    blocking ? 'blocking' : '',
    problems ? 'has-problem' : '',
    extraClass ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = `${cardLabel(def, card)}${attacking ? ', attacking' : ''}${blocking ? `, blocking ${blocking.map((a) => nameOf(ctx.view, a)).join(' and ')}` : ''}${targetable ? ', can be chosen' : actionable ? ', has actions' : ''}`;
  const inner = <CardFace def={def} view={card} size={size} />;
  return (
    <div className={cls} ref={anchor}>
      <div
        className="slot-btn"
        role={actionable || targetable ? 'button' : 'img'}
        tabIndex={0}
        aria-label={label}
        aria-haspopup={actionable && !targetable ? 'menu' : undefined}
        aria-expanded={actionable && !targetable ? menu : undefined}
        onClick={actionable || targetable ? () => clickCard(ctx, card.id, def) : undefined}
        onKeyDown={
          actionable || targetable
            ? (e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  e.stopPropagation();
                  clickCard(ctx, card.id, def);
                }
              }
            : undefined
        }
      >
        {inner}
      </div>
      {attacking && <span className="badge badge-attack">⚔ Attacking</span>}
      {blocking && <span className="badge badge-block">⛨ {blocking.map((a) => nameOf(ctx.view, a)).join(', ')}</span>}
      {menu && <CardMenu ctx={ctx} id={card.id} def={def} anchor={anchor} />}
    </div>
  );
}

function Pile({ title, count, onOpen, children, cls }: { title: string; count: number; onOpen?: () => void; children?: ReactNode; cls?: string }) {
  const body = (
    <>
      <span className="pile-title">{title}</span>
      <span className="pile-count">{count}</span>
      {children}
    </>
  );
  return onOpen ? (
    <button className={`pile ${cls ?? ''}`} onClick={onOpen} aria-label={`${title}: ${count} card${count === 1 ? '' : 's'}, open to browse`}>
      {body}
    </button>
  ) : (
    <div className={`pile ${cls ?? ''}`} role="group" aria-label={`${title}: ${count} card${count === 1 ? '' : 's'}`}>
      {body}
    </div>
  );
}

function Zone({ title, info, children, cls }: { title: string; info: string; children: ReactNode; cls: string }) {
  return (
    <section className={`zone ${cls}`} aria-label={title} title={info}>
      <h3 className="zone-title">{title}</h3>
      <div className="zone-cards">{children}</div>
    </section>
  );
}

function Stage({ ctx, cards, size }: { ctx: Ctx; cards: CardView[]; size: CardSize }) {
  const attached = new Map<string, CardView[]>();
  for (const c of cards) if (c.attachedTo) attached.set(c.attachedTo, [...(attached.get(c.attachedTo) ?? []), c]);
  const ids = new Set(cards.map((c) => c.id));
  return (
    <>
      {cards
        .filter((c) => !c.attachedTo || !ids.has(c.attachedTo))
        .map((c) => (
          <div className="stack-group" key={c.id}>
            {(attached.get(c.id) ?? []).map((a, i) => (
              <div className="equipped" key={a.id} style={{ ['--i' as string]: i }} aria-label={`${ctx.view.defs[a.def]?.name} equipped`}>
                <BoardCard ctx={ctx} card={a} size="xs" />
              </div>
            ))}
            <BoardCard ctx={ctx} card={c} size={size} />
          </div>
        ))}
    </>
  );
}

function ManagerBadge({ ctx, m }: { ctx: Ctx; m: ManagerId }) {
  const mv = ctx.view.managers[m];
  const targetable = ctx.aimingNext.has(m);
  const priority = ctx.view.priority === m;
  const label = `${m === ctx.me ? 'You' : ctx.names[m]}: ${mv.sanity} sanity${priority ? ', has priority' : ''}`;
  const content = (
    <>
      <span className="mb-name">{m === ctx.me ? `${ctx.names[m]} (you)` : ctx.names[m]}</span>
      <span className="mb-sanity" title="Sanity: a manager with none left resigns">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 21s-8-5.2-8-11a4.5 4.5 0 018-2.8A4.5 4.5 0 0120 10c0 5.8-8 11-8 11z" />
        </svg>
        {mv.sanity}
      </span>
      {priority && <span className="mb-priority">Priority</span>}
      {ctx.view.active === m && <span className="mb-active">Turn</span>}
    </>
  );
  return targetable ? (
    <button className="manager-badge targetable" aria-label={`${label}, can be chosen`} onClick={() => pick(ctx, m)}>
      {content}
    </button>
  ) : (
    <div className={`manager-badge${priority ? ' has-priority' : ''}`} role="group" aria-label={label}>
      {content}
    </div>
  );
}

function Side({ ctx, m, top }: { ctx: Ctx; m: ManagerId; top: boolean }) {
  const mv: ManagerView = ctx.view.managers[m];
  const who = m === ctx.me ? 'Your' : `${ctx.names[m]}'s`;
  const browse = (title: string, cards: CardView[]) => ui.setState({ browse: { title, ids: cards.map((c) => c.id), manager: m } });
  const playsMax = 3;
  const stats = (
    <div className="side-stats">
      <ManagerBadge ctx={ctx} m={m} />
      <span className="stat-chip" title="Cards played this Main Phase (star card included), out of 3">
        Played {ctx.view.active === m ? ctx.view.played : 0}/{playsMax}
      </span>
      <span className="stat-chip" title="Stars available to spend this turn">
        ★ {mv.availableStars}
      </span>
      <span className={`stat-chip${mv.deckOuts ? ' warn' : ''}`} title="Deck-outs so far: each one costs 1 more sanity than the last">
        Deck-outs {mv.deckOuts}
      </span>
      {ctx.view.phase === 'mulligan' && <span className="stat-chip">Mulligan: {mv.mulligan}</span>}
    </div>
  );
  const row = (
    <div className="side-row">
      <div className="zone-col">
        <Pile title="Roster" count={mv.rosterCount} cls="pile-roster">
          <CardBack size="xs" label={`${who} roster`} />
        </Pile>
        <Pile title="Graduation" count={mv.graduation.length} onOpen={() => browse(`${who} Graduation Zone`, mv.graduation)} cls="pile-grad">
          {mv.graduation.length > 0 && (
            <span className="grad-top" aria-hidden="true">
              {ctx.view.defs[mv.graduation[mv.graduation.length - 1]!.def]?.name}
            </span>
          )}
        </Pile>
        {mv.hiatus.length > 0 && <Pile title="Hiatus" count={mv.hiatus.length} onOpen={() => browse(`${who} Hiatus`, mv.hiatus)} />}
      </div>
      <Zone title="Star Pool" info={ZONE_INFO.starPool} cls="zone-stars">
        <span className="stars-available" aria-label={`${mv.availableStars} stars available`}>
          ★{mv.availableStars}
        </span>
        <div className="star-cards">
          {mv.starPool.map((c) => (
            <BoardCard key={c.id} ctx={ctx} card={c} size="xs" extraClass="star-card" />
          ))}
        </div>
      </Zone>
      <Zone title="Backstage" info={ZONE_INFO.backstage} cls="zone-back">
        {mv.backstage ? <BoardCard ctx={ctx} card={mv.backstage} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title="Centre Stage" info={ZONE_INFO.centre} cls="zone-centre">
        {mv.centre.length ? <Stage ctx={ctx} cards={mv.centre} size="sm" /> : <span className="empty">—</span>}
      </Zone>
      <Zone title="Main Stage" info={ZONE_INFO.main} cls="zone-main">
        {mv.main.length ? <Stage ctx={ctx} cards={mv.main} size="sm" /> : <span className="empty">No cards on the Main Stage</span>}
      </Zone>
    </div>
  );
  const hand = (
    <div className={`hand${top ? ' hand-top' : ''}`} aria-label={`${who} hand, ${mv.handCount} card${mv.handCount === 1 ? '' : 's'}`} role="region">
      {mv.hand
        ? mv.hand.map((c) => <BoardCard key={c.id} ctx={ctx} card={c} size="md" extraClass="in-hand" />)
        : Array.from({ length: mv.handCount }, (_, i) => <CardBack key={i} size={top ? 'xs' : 'sm'} label={`${who} hand card ${i + 1}`} />)}
    </div>
  );
  return (
    <section className={`side ${top ? 'side-top' : 'side-bottom'}${ctx.view.active === m ? ' is-active' : ''}`} aria-label={`${who} side of the playmat`} data-manager={m}>
      {top ? (
        <>
          <div className="side-head">
            {stats}
            {hand}
          </div>
          {row}
        </>
      ) : (
        <>
          {row}
          <div className="side-head">
            {stats}
            {hand}
          </div>
        </>
      )}
    </section>
  );
}

function PhaseTracker({ view, names, me }: { view: GameView; names: Record<ManagerId, string>; me: ManagerId | null }) {
  const setup = view.phase === 'mulligan' || view.phase === 'turn-order';
  return (
    <div className="phase-tracker" aria-label="Turn and phase">
      <span className="turn-no">{setup ? 'Setup' : `Turn ${view.turn}`}</span>
      {!setup && <span className="turn-who">{view.active === me ? 'Your turn' : `${names[view.active]}'s turn`}</span>}
      <ol className="phases">
        {setup ? (
          <li className="current" aria-current="step">
            {view.phase === 'mulligan' ? 'Mulligan' : 'Turn order'}
          </li>
        ) : (
          PHASES.map((p) => (
            <li key={p.key} className={p.phases.includes(view.phase) ? 'current' : ''} aria-current={p.phases.includes(view.phase) ? 'step' : undefined}>
              {p.label}
            </li>
          ))
        )}
      </ol>
      <span className="priority-who" aria-live="polite">
        {view.priority ? (view.priority === me ? 'You have priority' : `${names[view.priority]} has priority`) : ''}
      </span>
    </div>
  );
}

function StackPanel({ ctx }: { ctx: Ctx }) {
  const { view } = ctx;
  if (view.stack.length === 0) return null;
  return (
    <section className="stack-panel" aria-label="The stack, top first">
      <h3>Stack</h3>
      <ol>
        {[...view.stack].reverse().map((it, i) => {
          const def = view.defs[it.sourceDef];
          const targetable = ctx.aimingNext.has(it.id);
          const text = `${def?.name ?? 'Effect'} — ${it.kind === 'highlight' ? 'highlight' : it.kind === 'ability' ? 'ability' : 'trigger'} of ${it.controller === ctx.me ? 'you' : ctx.names[it.controller]}`;
          const targets = it.targets.map((t) => describeTarget(view, t, ctx.names, ctx.me));
          const body = (
            <>
              <span className="st-pos">{i === 0 ? 'Top' : i + 1}</span>
              {def && <CardFace def={def} view={it.card} size="xs" />}
              <span className="st-text">
                <b>{text}</b>
                {targets.length > 0 && <small>Targets: {targets.join(', ')}</small>}
              </span>
            </>
          );
          return (
            <li key={it.id} className={targetable ? 'targetable' : ''}>
              {targetable ? (
                <button className="st-btn" onClick={() => pick(ctx, it.id)} aria-label={`${text}, can be chosen`}>
                  {body}
                </button>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Prompt({ ctx }: { ctx: Ctx }) {
  const aiming = useUi((s) => s.aiming);
  const { view, legal, busy, onAct, names, me } = ctx;
  const has = (t: Action['type']) => legal.filter((a) => a.type === t);
  const btn = (a: Action, label: string, primary = false, key?: string) => (
    <button key={key ?? label} className={primary ? 'btn primary' : 'btn'} disabled={busy} onClick={() => onAct(a)}>
      {label}
    </button>
  );
  const waitingOn = (view.pending?.manager ?? view.priority ?? (view.phase === 'combat-block' ? other(view.active) : view.active)) as ManagerId;
  let title: ReactNode;
  let body: ReactNode = null;

  if (view.phase === 'game-over') {
    title = view.winner === 'draw' ? 'The match is a draw' : `${view.winner === me ? 'You win' : `${names[view.winner!]} wins`}`;
  } else if (aiming) {
    const { next, kind } = narrow(aiming.candidates, aiming.picked);
    const done = complete(aiming.candidates, aiming.picked);
    title = `${aiming.label}: ${kind === 'cost' ? 'choose a card to pay the cost' : `choose target ${aiming.picked.length + 1}`}`;
    body = (
      <div className="options">
        {next.map((t) => (
          <button key={t} className="btn option" disabled={busy} onClick={() => pick(ctx, t)}>
            {describeTarget(view, t, names, me)}
          </button>
        ))}
        {done && (
          <button className="btn primary" onClick={() => onAct(done)}>
            Confirm
          </button>
        )}
        <button className="btn ghost" onClick={() => ui.setState({ aiming: null })}>
          Cancel (Esc)
        </button>
      </div>
    );
  } else if (legal.length === 0 || (legal.length === 1 && legal[0]!.type === 'concede')) {
    title = view.phase === 'mulligan' ? `Waiting for ${names[other(me ?? 'A')]} to decide on a mulligan…` : `Waiting for ${waitingOn === me ? 'the server' : names[waitingOn]}…`;
    if (view.pending?.kind === 'choice' && view.pending.manager !== me) body = <p className="hint">{names[view.pending.manager]} is choosing: {view.pending.prompt}</p>;
  } else if (has('mulligan').length) {
    title = 'Keep this opening hand, or shuffle it away and draw 5 new cards (once)?';
    body = (
      <div className="options">
        {has('mulligan').map((a) => btn(a, a.type === 'mulligan' && a.redraw ? 'Redraw 5 cards' : 'Keep hand', a.type === 'mulligan' && !a.redraw))}
      </div>
    );
  } else if (has('choose-order').length) {
    title = 'You won the coin flip: go first or second?';
    body = <div className="options">{has('choose-order').map((a) => btn(a, a.type === 'choose-order' && a.goFirst ? 'Go first' : 'Go second', a.type === 'choose-order' && a.goFirst))}</div>;
  } else if (view.pending?.kind === 'discard' && has('discard').length) {
    title = `Hand limit: choose ${view.pending.count} card${view.pending.count === 1 ? '' : 's'} to discard`;
    body = (
      <div className="options">
        {has('discard').map((a) => btn(a, `Discard ${a.type === 'discard' ? describeTarget(view, a.card, names, me).replace(/ \(your hand\)$/, '') : ''}`, false, a.type === 'discard' ? a.card : ''))}
      </div>
    );
  } else if (view.pending?.kind === 'choice' && has('choose').length) {
    title = view.pending.prompt;
    const opts = view.pending.options ?? [];
    body = (
      <div className="options">
        {has('choose').map((a) => {
          if (a.type !== 'choose') return null;
          const o = opts[a.option];
          const label = o?.targets?.length ? o.targets.map((t) => describeTarget(view, t, names, me)).join(', ') : (o?.label ?? `Option ${a.option + 1}`);
          const def = o?.label.startsWith('Take ') ? Object.values(view.defs).find((d) => `Take ${d.name}` === o.label) : undefined;
          return (
            <button key={a.option} className="btn option with-card" disabled={busy} onClick={() => onAct(a)}>
              {def && <CardFace def={def} size="xs" />}
              <span>{label}</span>
            </button>
          );
        })}
      </div>
    );
  } else if (view.phase === 'combat-attack') {
    const n = view.combat?.attackers.length ?? 0;
    title = n ? `Attacking with ${n} character${n === 1 ? '' : 's'}: confirm, or click a character to change` : 'Declare attackers: click your untilted characters';
    const confirm = has('confirm-attack')[0];
    body = <div className="options">{confirm && btn(confirm, n ? `Confirm ${n} attacker${n === 1 ? '' : 's'} (Space)` : 'Attack with no one (Space)', true)}</div>;
  } else if (view.phase === 'combat-block') {
    const problems = view.combat?.problems ?? [];
    title = 'Assign blockers: click one of your characters, then choose the attacker it blocks';
    const confirm = has('confirm-block')[0];
    body = (
      <>
        {problems.length > 0 && (
          <ul className="problems" aria-live="polite">
            {problems.map((p, i) => (
              <li key={i}>{p.message}</li>
            ))}
          </ul>
        )}
        <div className="options">
          {confirm ? btn(confirm, `Confirm blocks (Space)`, true) : <span className="hint">Blocks cannot be confirmed yet{problems.length ? '' : ': assign a blocker first'}.</span>}
        </div>
      </>
    );
  } else {
    const pass = has('pass')[0];
    const plays = legal.filter((a) => a.type === 'play' || a.type === 'place-star' || a.type === 'activate').length;
    title = plays ? 'Your move: click a highlighted card to act, or pass' : 'You have priority';
    body = (
      <div className="options">
        {pass && btn(pass, 'Pass (Space)', true)}
        <span className="hint">{passHint(view)}</span>
      </div>
    );
  }

  return (
    <section className={`prompt${legal.length > 1 ? ' my-turn' : ''}`} aria-label="What happens now" aria-live="polite">
      <h2 className="prompt-title">{title}</h2>
      {body}
    </section>
  );
}

function Browse({ ctx }: { ctx: Ctx }) {
  const browse = useUi((s) => s.browse);
  useEffect(() => {
    if (browse) (document.querySelector('.browse [data-autofocus]') as HTMLElement | null)?.focus();
  }, [browse]);
  if (!browse) return null;
  const mv = ctx.view.managers[browse.manager as ManagerId];
  const cards = [...mv.graduation, ...mv.hiatus].filter((c) => browse.ids.includes(c.id));
  return (
    <div className="modal-back" onClick={() => ui.setState({ browse: null })}>
      <div className="modal browse" role="dialog" aria-modal="true" aria-label={browse.title} onClick={(e) => e.stopPropagation()}>
        <header>
          <h2>{browse.title}</h2>
          <button className="btn ghost" data-autofocus onClick={() => ui.setState({ browse: null })}>
            Close
          </button>
        </header>
        <div className="browse-cards">
          {cards.length === 0 && <p>No cards.</p>}
          {cards.map((c) => (
            <BoardCard key={c.id} ctx={ctx} card={c} size="sm" />
          ))}
        </div>
      </div>
    </div>
  );
}

export function Board(props: BoardProps) {
  const aiming = useUi((s) => s.aiming);
  const { view, me } = props;
  const bottom: ManagerId = me ?? 'A';
  const top = other(bottom);
  const attackers = new Set(view.combat?.attackers ?? []);
  const blocks = new Map<string, string[]>();
  for (const b of view.combat?.blocks ?? []) blocks.set(b.blocker, [...(blocks.get(b.blocker) ?? []), b.attacker]);
  const problems = new Map<string, string[]>();
  for (const p of view.combat?.problems ?? []) problems.set(p.card, [...(problems.get(p.card) ?? []), p.message]);
  const ctx: Ctx = {
    ...props,
    byCard: actionsByCard(props.legal),
    aimingNext: new Set(aiming ? narrow(aiming.candidates, aiming.picked).next : []),
    attackers,
    blocks,
    problems,
  };
  return (
    <div className={`board${aiming ? ' is-aiming' : ''}`} data-seq={view.seq} data-phase={view.phase} data-legal={props.legal.length}>
      <Side ctx={ctx} m={top} top />
      <div className="midline">
        <PhaseTracker view={view} names={props.names} me={me} />
        <div className="mid-main">
          {props.status ?? <Prompt ctx={ctx} />}
          <StackPanel ctx={ctx} />
        </div>
      </div>
      <Side ctx={ctx} m={bottom} top={false} />
      <Browse ctx={ctx} />
    </div>
  );
}

/** Space/Enter pass or confirm; Esc cancels aiming, menus and the zone browser. */
export function useBoardKeys(legal: readonly Action[], busy: boolean, onAct: (a: Action) => void): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (e.key === 'Escape') {
        ui.setState({ aiming: null, menu: null, browse: null });
        return;
      }
      if (e.key !== ' ' && e.key !== 'Enter') return;
      if (t && (t.closest('button, input, textarea, select, a, [role="menuitem"], [role="button"]') || t.isContentEditable)) return;
      const aiming = ui.getState().aiming;
      if (aiming) {
        const done = complete(aiming.candidates, aiming.picked);
        if (done) {
          e.preventDefault();
          onAct(done);
        }
        return;
      }
      const a = primaryAction(legal);
      if (a && !busy) {
        e.preventDefault();
        onAct(a);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [legal, busy, onAct]);
}

