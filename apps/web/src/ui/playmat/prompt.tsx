/** The prompt bar: what the game is waiting for, and only the legal answers to it. */
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { aLegalAssignment, type Action, type AttackBar, type ManagerId } from '@vroyale/engine';
import { complete, describeTarget, narrow, passHint } from '../../game/choices';
import { allAttackers, declarationOf, problemsOf } from '../../game/declaration';
import { pointAt, pointing, ui, useUi } from '../../store';
import { CardFace } from '../card';
import { pick } from './actions';
import { other, type Ctx } from './context';

/**
 * After an action the control that had focus is often gone (a closed menu, a card that moved): focus would
 * fall back to the page and the next Tab would start from the top. Put it on the prompt's primary answer
 * instead (pass, confirm, keep), or its first one. A player who is elsewhere (the chat, a card still there)
 * is left where they are.
 */
function useFocusAfterActions(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    const el = ref.current;
    const target = el?.querySelector<HTMLElement>('.options .btn.primary:not(:disabled)') ?? el?.querySelector<HTMLElement>('.options button:not(:disabled)');
    target?.focus({ preventScroll: true });
  });
}

/** Why a character cannot attack, in the prompt's hint line. */
const BARRED: Record<AttackBar, string> = {
  'not-a-character': 'not a character',
  tilted: 'tilted',
  'debut-burnout': 'Debut Burnout (entered this turn)',
  moderator: 'Moderators do not attack',
};

export function Prompt({ ctx }: { ctx: Ctx }) {
  const aiming = useUi((s) => s.aiming);
  const { view, legal, busy, onAct, names, me, labels } = ctx;
  const ref = useRef<HTMLElement>(null);
  useFocusAfterActions(ref);
  // Options that point at cards go away with the aim or the view: so does their pointing.
  useEffect(() => () => pointAt(null), [aiming, view.seq]);
  const has = (t: Action['type']) => legal.filter((a): a is Action => a.type === t);
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
          <button key={t} className="btn option" disabled={busy} onClick={() => pick(ctx, t)} {...pointing([t])}>
            {describeTarget(view, t, labels)}
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
        {has('discard').map((a) =>
          a.type === 'discard' ? (
            <button key={a.card} className="btn" disabled={busy} onClick={() => onAct(a)} {...pointing([a.card])}>
              Discard {labels.name(a.card)}
            </button>
          ) : null,
        )}
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
          const label = o?.targets?.length ? o.targets.map((t) => describeTarget(view, t, labels)).join(', ') : (o?.label ?? `Option ${a.option + 1}`);
          const def = o?.label.startsWith('Take ') ? Object.values(view.defs).find((d) => `Take ${d.name}` === o.label) : undefined;
          const means = o?.targets?.length ? o.targets : o?.take ? [o.take] : (o?.cards ?? []);
          return (
            <button key={a.option} className="btn option with-card" disabled={busy} onClick={() => onAct(a)} {...(means.length ? pointing(means) : {})}>
              {def && <CardFace def={def} size="xs" />}
              <span>{label}</span>
            </button>
          );
        })}
      </div>
    );
  } else if (ctx.offer?.type === 'choose-attackers') {
    // RUL-COMBAT-1: attackers are chosen here, locally, and declared as a whole.
    const offer = ctx.offer;
    const n = ctx.draft.attackers.length;
    const declare = declarationOf(offer, ctx.draft);
    // Why a character sits this one out (assets and events never attack: no need to say so each time).
    const barredCharacters = offer.barred.filter((b) => b.reason !== 'not-a-character');
    title = offer.eligible.length ? `Declare attackers: click your characters to choose them (${n} of ${offer.eligible.length} chosen)` : 'None of your characters can attack';
    body = (
      <div className="options">
        {offer.eligible.length > 1 && (
          <button className="btn" disabled={busy} onClick={() => ui.setState({ draft: allAttackers(offer, ctx.draft) })}>
            {n === offer.eligible.length ? 'Clear' : 'Attack with all'}
          </button>
        )}
        {declare && btn(declare, n ? `Attack with ${n} (Space)` : 'No attack (Space)', true, 'declare')}
        {barredCharacters.length > 0 && <span className="hint">{barredCharacters.map((b) => `${b.label}: ${BARRED[b.reason]}`).join(' · ')}</span>}
      </div>
    );
  } else if (ctx.offer?.type === 'choose-blocks') {
    // RUL-COMBAT-2/3: blocks are built here, with the engine's own legality function as live feedback.
    const offer = ctx.offer;
    // The engine's own messages: they name cards with the same markers the board shows.
    const problems = problemsOf(offer, ctx.draft).map((p) => p.message);
    const declare = declarationOf(offer, ctx.draft);
    const selected = ctx.draft.selected ? labels.full(ctx.draft.selected) : null;
    title = selected
      ? `Now click the attacker ${selected} blocks (or ${selected} again to cancel)`
      : offer.attackers.length === 1
        ? `Declare blocks: click your characters to block ${labels.full(offer.attackers[0]!.id)}`
        : 'Declare blocks: click one of your characters, then the attacker it blocks';
    body = (
      <>
        {problems.length > 0 && (
          <ul className="problems" aria-live="polite">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        )}
        <div className="options">
          {problems.length > 0 && (
            // The engine's own minimal legal assignment (what Callout and Moderators require), to start from.
            <button className="btn" disabled={busy} onClick={() => ui.setState({ draft: { ...ctx.draft, blocks: aLegalAssignment(offer), selected: null } })}>
              Make the required blocks
            </button>
          )}
          {ctx.draft.blocks.length > 0 && (
            <button className="btn" disabled={busy} onClick={() => ui.setState({ draft: { ...ctx.draft, blocks: [], selected: null } })}>
              Clear blocks
            </button>
          )}
          {declare ? (
            btn(declare, ctx.draft.blocks.length ? `Declare ${ctx.draft.blocks.length} block${ctx.draft.blocks.length === 1 ? '' : 's'} (Space)` : 'No blocks (Space)', true, 'declare')
          ) : (
            <button className="btn primary" disabled>
              Declare blocks
            </button>
          )}
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
    <section className={`prompt${legal.length > 1 ? ' my-turn' : ''}`} aria-label="What happens now" aria-live="polite" ref={ref}>
      <h2 className="prompt-title">{title}</h2>
      {body}
    </section>
  );
}
