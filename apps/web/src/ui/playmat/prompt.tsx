/** The prompt bar: what the game is waiting for, and only the legal answers to it. */
import '../../i18n/later-texts';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { aLegalAssignment, type Action, type AttackBar, type ManagerId } from '@vroyale/engine';
import { optionText, promptText } from '../../game/choice-words';
import { complete, describeTarget, narrow, passHint } from '../../game/choices';
import { allAttackers, declarationOf, problemsOf } from '../../game/declaration';
import { language, useT } from '../../i18n';
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

/** Block problems that come from a keyword, said as what the keyword requires before any block is made. */
const FORCED = new Set(['callout', 'clout', 'moderator']);

/** The key that presses the primary answer, for keyboards (hidden on touch screens: playmat.css). */
function KeyHint() {
  const t = useT();
  return (
    <kbd className="key-hint" aria-hidden="true">
      {t('prompt.spaceKey')}
    </kbd>
  );
}

/** Why a character cannot attack, in the prompt's hint line (`prompt.barred.<reason>`). */
const BARRED: readonly AttackBar[] = ['not-a-character', 'tilted', 'debut-burnout', 'moderator'];

export function Prompt({ ctx }: { ctx: Ctx }) {
  const aiming = useUi((s) => s.aiming);
  const { view, legal, busy, onAct, names, me, labels } = ctx;
  const ref = useRef<HTMLElement>(null);
  const t = useT();
  const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;
  useFocusAfterActions(ref);
  // Options that point at cards go away with the aim or the view: so does their pointing.
  useEffect(() => () => pointAt(null), [aiming, view.seq]);
  const has = (t: Action['type']) => legal.filter((a): a is Action => a.type === t);
  const btn = (a: Action, label: string, primary = false, key?: string) => (
    <button
      key={key ?? label}
      className={primary ? 'btn primary' : 'btn'}
      disabled={busy}
      onClick={() => onAct(a)}
      aria-keyshortcuts={primary ? 'Space' : undefined}
    >
      {label}
      {primary && <KeyHint />}
    </button>
  );
  const waitingOn = (view.pending?.manager ?? view.priority ?? (view.phase === 'combat-block' ? other(view.active) : view.active)) as ManagerId;
  let title: ReactNode;
  let body: ReactNode = null;

  if (view.phase === 'game-over') {
    title = view.winner === 'draw' ? t('prompt.draw') : view.winner === me ? t('prompt.youWin') : t('room.wins', { name: names[view.winner!] });
  } else if (aiming) {
    const { next, kind } = narrow(aiming.candidates, aiming.picked);
    const done = complete(aiming.candidates, aiming.picked);
    title =
      kind === 'cost' ? t('prompt.chooseCost', { action: aiming.label }) : t('prompt.chooseTarget', { action: aiming.label, n: aiming.picked.length + 1 });
    body = (
      <div className="options">
        {next.map((t) => (
          <button key={t} className="btn option" disabled={busy} onClick={() => pick(ctx, t)} {...pointing([t])}>
            {describeTarget(view, t, labels)}
          </button>
        ))}
        {done && (
          <button className="btn primary" onClick={() => onAct(done)}>
            {t('prompt.confirm')}
          </button>
        )}
        <button className="btn ghost" onClick={() => ui.setState({ aiming: null })}>
          {t('prompt.cancel')}
        </button>
      </div>
    );
  } else if (legal.length === 0 || (legal.length === 1 && legal[0]!.type === 'concede')) {
    title =
      view.phase === 'mulligan'
        ? t('prompt.waitMulligan', { name: names[other(me ?? 'A')] })
        : waitingOn === me
          ? t('prompt.waitServer')
          : t('prompt.waitFor', { name: names[waitingOn] });
    if (view.pending?.kind === 'choice' && view.pending.manager !== me)
      body = <p className="hint">{t('prompt.isChoosing', { name: names[view.pending.manager], prompt: promptText(view.pending, view.defs) })}</p>;
  } else if (has('mulligan').length) {
    title = t('prompt.mulligan');
    body = (
      <div className="options">
        {has('mulligan').map((a) => btn(a, a.type === 'mulligan' && a.redraw ? t('prompt.redraw') : t('prompt.keep'), a.type === 'mulligan' && !a.redraw))}
      </div>
    );
  } else if (has('choose-order').length) {
    title = ctx.orderBy === 'lost-last-game' ? t('prompt.orderLostGame') : ctx.orderBy === 'drawn-last-game' ? t('prompt.orderAfterDraw') : t('prompt.order');
    body = (
      <div className="options">
        {has('choose-order').map((a) =>
          btn(a, a.type === 'choose-order' && a.goFirst ? t('prompt.goFirst') : t('prompt.goSecond'), a.type === 'choose-order' && a.goFirst),
        )}
      </div>
    );
  } else if (view.pending?.kind === 'discard' && has('discard').length) {
    title = t('prompt.handLimit', { count: view.pending.count });
    body = (
      <div className="options">
        {has('discard').map((a) =>
          a.type === 'discard' ? (
            <button key={a.card} className="btn" disabled={busy} onClick={() => onAct(a)} {...pointing([a.card])}>
              {t('prompt.discard', { card: labels.name(a.card) })}
            </button>
          ) : null,
        )}
      </div>
    );
  } else if (view.pending?.kind === 'choice' && has('choose').length) {
    title = promptText(view.pending, view.defs);
    const opts = view.pending.options ?? [];
    body = (
      <div className="options">
        {has('choose').map((a) => {
          if (a.type !== 'choose') return null;
          const o = opts[a.option];
          const label = o?.targets?.length
            ? o.targets.map((x) => describeTarget(view, x, labels)).join(t('cards.sep'))
            : o
              ? (optionText(o, view.defs) ?? o.label)
              : t('prompt.option', { n: a.option + 1 });
          const def = o?.say?.key === 'take' ? view.defs[o.say.card] : undefined;
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
    const allDeclared = declarationOf(offer, allAttackers(offer, { ...ctx.draft, attackers: [] }));
    // Why a character sits this one out (assets and events never attack: no need to say so each time).
    const barredCharacters = offer.barred.filter((b) => b.reason !== 'not-a-character');
    title = offer.eligible.length ? t('prompt.declareAttackers', { n, total: offer.eligible.length }) : t('prompt.noAttackers');
    body = (
      <div className="options">
        {offer.eligible.length > 0 && n < offer.eligible.length && allDeclared && (
          // One click: everyone who can attack does (the draft's own button declares a chosen few).
          <button className="btn attack-all" disabled={busy} onClick={() => onAct(allDeclared)}>
            {t('prompt.attackAllN', { count: offer.eligible.length })}
          </button>
        )}
        {n > 0 && (
          <button className="btn ghost" disabled={busy} onClick={() => ui.setState({ draft: { ...ctx.draft, attackers: [] } })}>
            {t('prompt.clear')}
          </button>
        )}
        {declare && btn(declare, n ? t('prompt.attackWith', { n }) : t('prompt.noAttack'), true, 'declare')}
        {barredCharacters.length > 0 && (
          <span className="hint">
            {barredCharacters
              .map((b) => t('prompt.barredLine', { card: labels.name(b.id), why: BARRED.includes(b.reason) ? tx(`prompt.barred.${b.reason}`) : b.reason }))
              .join(' · ')}
          </span>
        )}
      </div>
    );
  } else if (ctx.offer?.type === 'choose-blocks') {
    // RUL-COMBAT-2/3: blocks are built here, with the engine's own legality function as live feedback.
    const offer = ctx.offer;
    // English: the engine's own messages (they name cards with the same markers the board shows). Another
    // language: the text for the problem's code, naming its card by the board's label.
    // What a keyword requires is said once, above (`forced`); the problems list what else is wrong.
    const problems = problemsOf(offer, ctx.draft)
      .filter((p) => !FORCED.has(p.code))
      .map((p) =>
        language() === 'en'
          ? p.message
          : tx(`prompt.problem.${p.code}`, {
              card: labels.ref(p.card) ? labels.full(p.card) : p.card,
              atk: offer.attackers.find((a) => a.id === p.card)?.atk ?? '',
            }),
      );
    const unmet = problemsOf(offer, ctx.draft).some((p) => FORCED.has(p.code));
    const declare = declarationOf(offer, ctx.draft);
    const selected = ctx.draft.selected ? labels.full(ctx.draft.selected) : null;
    title = selected
      ? t('prompt.nowClickAttacker', { card: selected })
      : offer.attackers.length === 1
        ? t('prompt.declareBlocksOne', { card: labels.full(offer.attackers[0]!.id) })
        : t('prompt.declareBlocksMany');
    // What forces a block, said before any problem shows: the card and its keyword (RUL-COMBAT-3, Moderator).
    const forced = [
      ...offer.attackers.filter((a) => a.callout).map((a) => t('prompt.forced.callout', { card: labels.full(a.id) })),
      ...offer.attackers.filter((a) => a.clout).map((a) => t('prompt.forced.clout', { card: labels.full(a.id), atk: a.atk })),
      ...offer.blockers.filter((b) => b.moderator).map((b) => t('prompt.forced.moderator', { card: labels.full(b.id) })),
    ];
    body = (
      <>
        {forced.length > 0 && (
          <ul className={`forced${unmet ? ' unmet' : ''}`} aria-live="polite">
            {forced.map((f, i) => (
              <li key={i}>{f}</li>
            ))}
          </ul>
        )}
        {problems.length > 0 && (
          <ul className="problems" aria-live="polite">
            {problems.map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        )}
        <div className="options">
          {(problems.length > 0 || unmet) && (
            // The engine's own minimal legal assignment (what Callout and Moderators require), to start from.
            <button className="btn" disabled={busy} onClick={() => ui.setState({ draft: { ...ctx.draft, blocks: aLegalAssignment(offer), selected: null } })}>
              {t('prompt.requiredBlocks')}
            </button>
          )}
          {ctx.draft.blocks.length > 0 && (
            <button className="btn" disabled={busy} onClick={() => ui.setState({ draft: { ...ctx.draft, blocks: [], selected: null } })}>
              {t('prompt.clearBlocks')}
            </button>
          )}
          {declare ? (
            btn(declare, ctx.draft.blocks.length ? t('prompt.declareN', { count: ctx.draft.blocks.length }) : t('prompt.noBlocks'), true, 'declare')
          ) : (
            <button className="btn primary" disabled>
              {t('prompt.declareBlocks')}
            </button>
          )}
        </div>
      </>
    );
  } else {
    const pass = has('pass')[0];
    const plays = legal.filter((a) => a.type === 'play' || a.type === 'place-star' || a.type === 'activate').length;
    title = plays ? t('prompt.yourMove') : t('playmat.youPriority');
    body = (
      <div className="options">
        {pass && btn(pass, t('prompt.pass'), true)}
        <span className="hint">{passHint(view)}</span>
      </div>
    );
  }

  // An answer is on its way: nothing here can be pressed until the server replies, so the prompt says so.
  const sending = busy && !aiming && view.phase !== 'game-over' && legal.length > 1;
  if (sending) title = t('prompt.sending');
  return (
    <section
      className={`prompt${legal.length > 1 && !sending ? ' my-turn' : ''}${sending ? ' is-sending' : ''}`}
      aria-label={t('prompt.label')}
      aria-live="polite"
      ref={ref}
    >
      <h2 className="prompt-title">{title}</h2>
      {body}
    </section>
  );
}
