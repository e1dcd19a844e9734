/**
 * Replay viewer (loaded on demand): fetches a finished match's seed, rosters and actions and re-runs the
 * engine here, in the browser (it is pure and deterministic), then steps through the states.
 */
import '../i18n/later-texts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  createGame,
  project,
  projectEvents,
  step,
  type Action,
  type GameEvent,
  type GameState,
  type ManagerId,
  type Roster,
  type Viewer,
} from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { abilityOf, cardName, labels, type Labels } from '../game/labels';
import { endReason, learn, sentence, type LogContext } from '../game/log';
import { stepTurn, turnIndexAt, turnStarts } from '../game/turns';
import { t, useLanguage, useT } from '../i18n';
import { store, useUi } from '../store';
import { Board } from './board';
import { ZoomPreview } from './card';
import { usePanelToggle } from './panel-toggle';
import { decisionForFrame } from './review/review-model';
import { ReviewBand, ReviewSummary, ReviewVerdict } from './review/review-panel';
import { useReview } from './review/use-review';

interface ReplayData {
  matchId: string;
  seed: string;
  rosters: Record<ManagerId, Roster>;
  /** A later game of a best-of-three: who chose the order of play (PR-18); null: the coin. */
  chooser?: ManagerId | null;
  seats: Record<ManagerId, { name: string; bot: boolean }>;
  result: { winner: ManagerId | 'draw'; reason: string } | null;
  actions: { seq: number; actor: ManagerId; action: unknown }[];
}

interface Frame {
  state: GameState;
  events: GameEvent[];
}

function rebuild(r: ReplayData): { frames: Frame[]; error: string | null } {
  const created = createGame({ seed: r.seed, pool: cardPool, rosters: r.rosters, ...(r.chooser ? { chooser: r.chooser } : {}) });
  if (!created.ok) return { frames: [], error: created.message };
  const frames: Frame[] = [{ state: created.state, events: [] }];
  for (const a of r.actions) {
    const res = step(frames[frames.length - 1]!.state, a.action as Action);
    if (!res.ok) return { frames, error: t('replay.stops', { n: a.seq, message: res.message }) };
    frames.push({ state: res.state, events: res.events });
  }
  return { frames, error: null };
}

export default function ReplayViewer({ matchId }: { matchId: string }) {
  const hover = useUi((s) => s.hover);
  const [data, setData] = useState<ReplayData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [i, setI] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [viewer, setViewer] = useState<Viewer>('spectator');
  const logRef = useRef<HTMLOListElement>(null);
  const tr = useT();
  const lang = useLanguage();
  // The game review (issue 35 §1): `#/replay/ID?review` (the end of a match's "Review the match") asks at once.
  const review = useReview(matchId, /[?&]review\b/.test(window.location.hash));
  /**
   * "Show the suggested play" on this frame: the board after the suggested action instead of the one that led here
   * (a variation). Any other frame shows the game line.
   */
  const [variation, setVariation] = useState<number | null>(null);
  const seek = useCallback((f: number) => {
    setPlaying(false);
    setI(f);
  }, []);

  useEffect(() => {
    store.setState((s) => ({ defs: { ...cardPool, ...s.defs } }));
    fetch(`/api/matches/${encodeURIComponent(matchId)}/replay`)
      .then(async (res) => {
        const body = (await res.json()) as ReplayData & { message?: string };
        if (!res.ok) throw new Error(body.message ?? t('replay.status', { status: res.status }));
        setData(body);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [matchId]);

  const built = useMemo(() => (data ? rebuild(data) : null), [data]);
  const frames = built?.frames ?? [];
  const last = Math.max(0, frames.length - 1);
  const turns = useMemo(() => turnStarts(frames.map((f) => f.events)), [frames]);

  useEffect(() => {
    if (!playing) return;
    if (i >= last) return setPlaying(false);
    const t = setTimeout(() => setI((x) => Math.min(last, x + 1)), 350);
    return () => clearTimeout(t);
  }, [playing, i, last]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.target as HTMLElement).closest('input, select, textarea')) return;
      if (e.key === 'ArrowRight') setI((x) => Math.min(last, x + 1));
      else if (e.key === 'ArrowLeft') setI((x) => Math.max(0, x - 1));
      else if (e.key === 'PageDown') {
        e.preventDefault();
        setI((x) => stepTurn(turns, x, 1));
      } else if (e.key === 'PageUp') {
        e.preventDefault();
        setI((x) => stepTurn(turns, x, -1));
      } else if (e.key === ' ') {
        e.preventDefault();
        setPlaying((p) => !p);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last, turns]);

  const names: Record<ManagerId, string> = { A: data?.seats.A.name ?? 'A', B: data?.seats.B.name ?? 'B' };
  const me = viewer === 'spectator' ? null : viewer;
  // Every frame's sentences, written once per match and viewer (stepping only slices them). Each batch of
  // events names cards as the board did before and after it, like the live log.
  const allLines = useMemo(() => {
    const ctx: LogContext = { defs: cardPool, cardDefs: {}, me, names, stackSources: {} };
    const lines: { at: number; text: string; kind: string }[] = [];
    let before: Labels | null = null;
    frames.forEach((f, k) => {
      const evs = projectEvents(f.events, viewer);
      for (const c of Object.values(f.state.cards)) ctx.cardDefs[c.id] = c.def;
      const after = labels(project(f.state, viewer), names, me);
      ctx.before = before;
      ctx.after = after;
      before = after;
      learn(evs, ctx);
      for (const e of evs) {
        const s = sentence(e, ctx);
        if (s) lines.push({ at: k, ...s });
      }
    });
    return lines;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [frames, viewer, names.A, names.B, lang]);
  const log = useMemo(() => {
    let n = 0;
    while (n < allLines.length && allLines[n]!.at <= i) n++;
    return allLines.slice(Math.max(0, n - 200), n);
  }, [allLines, i]);

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log]);
  const panel = usePanelToggle(tr('room.logToggle'));

  // The decision that led to this frame, as the review judged it, and its suggested play on the frame before.
  const done = review.state?.status === 'done' ? review.state.review : null;
  const decision = done ? decisionForFrame(done, i) : null;
  const before = decision ? frames[decision.index] : undefined;
  const best = decision?.judgement?.bestAction;
  const played = decision ? data?.actions[decision.index]?.action : undefined;
  const differs = !!best && played !== undefined && JSON.stringify(best) !== JSON.stringify(played);
  const varied = useMemo(() => (variation === i && differs && before && best ? step(before.state, best) : null), [variation, i, differs, before, best]);

  if (error)
    return (
      <div className="panel replay-error" role="alert">
        {tr('replay.unavailable', { error })} <a href="#/">{tr('room.backToLobby')}</a>
      </div>
    );
  if (!data || !built) return <div className="loading">{tr('replay.loading')}</div>;
  const frame = frames[i]!;
  const suggested =
    differs && before && decision && best
      ? describe({ actor: decision.manager, action: best }, names, before.state, labels(project(before.state, viewer), names, null))
      : null;
  const view = project(varied?.ok ? varied.state : frame.state, viewer);
  return (
    <div className="room replay" data-panel={panel.open ? 'open' : undefined} data-variation={varied ? 'on' : undefined}>
      <header className="topbar">
        <a className="btn ghost" href="#/">
          {tr('room.lobby')}
        </a>
        <span className="room-name">
          {data.result
            ? data.result.winner === 'draw'
              ? tr('replay.titleDraw', { a: names.A, b: names.B, reason: endReason(data.result.reason, 'draw', { me: null, names }) })
              : tr('replay.titleWon', {
                  a: names.A,
                  b: names.B,
                  name: names[data.result.winner],
                  reason: endReason(data.result.reason, data.result.winner, { me: null, names }),
                })
            : tr('replay.title', { a: names.A, b: names.B })}
        </span>
        <div className="replay-controls" role="group" aria-label={tr('replay.controls')}>
          <button className="btn small" onClick={() => setI(0)} aria-label={tr('replay.first')}>
            <Icon d="M6 5v14M19 5l-10 7 10 7z" />
          </button>
          <button className="btn small" onClick={() => setI((x) => Math.max(0, x - 1))} aria-label={tr('replay.previous')}>
            <Icon d="M17 5L7 12l10 7z" />
          </button>
          <button className="btn small primary" onClick={() => setPlaying((p) => !p)} aria-label={playing ? tr('replay.pause') : tr('replay.play')}>
            {playing ? <Icon d="M7 5h4v14H7zM14 5h4v14h-4z" /> : <Icon d="M7 5l12 7-12 7z" />}
          </button>
          <button className="btn small" onClick={() => setI((x) => Math.min(last, x + 1))} aria-label={tr('replay.next')}>
            <Icon d="M7 5l10 7-10 7z" />
          </button>
          <button className="btn small" onClick={() => setI(last)} aria-label={tr('replay.last')}>
            <Icon d="M18 5v14M5 5l10 7-10 7z" />
          </button>
          <input
            type="range"
            min={0}
            max={last}
            value={i}
            onChange={(e) => setI(Number(e.target.value))}
            aria-label={tr('replay.position')}
            list="replay-turns"
          />
          {/* Turn markers on the slider (ticks where the browser draws them). */}
          <datalist id="replay-turns">
            {turns.map((s) => (
              <option key={s.at} value={s.at} label={String(s.turn)} />
            ))}
          </datalist>
          <select
            className="replay-turn"
            value={turnIndexAt(turns, i)}
            onChange={(e) => setI(Number(e.target.value) < 0 ? 0 : turns[Number(e.target.value)]!.at)}
            aria-label={tr('pace.jumpToTurn')}
            aria-keyshortcuts="PageUp PageDown"
          >
            <option value={-1}>{tr('pace.setup')}</option>
            {turns.map((s, k) => (
              <option key={s.at} value={k}>
                {tr('pace.turn', { n: s.turn, name: names[s.active] })}
              </option>
            ))}
          </select>
          <span className="hint">
            {i}/{last}
          </span>
        </div>
        <label>
          {tr('replay.hands')}{' '}
          <select value={viewer} onChange={(e) => setViewer(e.target.value as Viewer)} aria-label={tr('replay.whoseHand')}>
            <option value="spectator">{tr('replay.hidden')}</option>
            <option value="A">{names.A}</option>
            <option value="B">{names.B}</option>
          </select>
        </label>
        {built.error && <span className="conn-warn">{built.error}</span>}
        {panel.toggle}
      </header>
      <ReviewBand hook={review} lastFrame={last} frame={i} names={names} onSeek={seek} />
      <div className="room-body">
        <main className={`board-wrap${varied?.ok ? ' is-variation' : ''}`} aria-label={tr('room.playmat')}>
          <Board
            view={view}
            legal={[]}
            names={names}
            me={viewer === 'spectator' ? null : viewer}
            busy
            onAct={() => undefined}
            status={
              varied ? (
                <section className="prompt review-variation" aria-label={tr('replay.position')}>
                  <h2 className="prompt-title">
                    {varied.ok ? tr('replay.review.variation', { what: suggested }) : tr('replay.review.variationFailed', { message: varied.message })}
                  </h2>
                  {varied.ok && <p className="hint">{tr('replay.review.variationNote', { n: i })}</p>}
                  <button className="btn small primary review-back" onClick={() => setVariation(null)}>
                    {tr('replay.review.back')}
                  </button>
                </section>
              ) : (
                <section className="prompt" aria-label={tr('replay.position')}>
                  <h2 className="prompt-title">
                    {i === 0
                      ? tr('replay.dealt')
                      : tr('replay.action', {
                          n: i,
                          what: describe(data.actions[i - 1]!, names, frames[i - 1]!.state, labels(project(frames[i - 1]!.state, viewer), names, null)),
                        })}
                  </h2>
                  {decision && <ReviewVerdict decision={decision} names={names} suggested={suggested} onShow={() => setVariation(i)} />}
                </section>
              )
            }
          />
        </main>
        <aside className="side-panel" aria-label={tr('replay.log')}>
          {done && <ReviewSummary review={done} names={names} frame={i} onSeek={seek} />}
          <ol className="log" aria-label={tr('room.gameLog')} ref={logRef}>
            {log.map((l, k) => (
              <li key={k} className={`log-${l.kind}`}>
                {l.text}
              </li>
            ))}
          </ol>
        </aside>
      </div>
      <ZoomPreview hover={hover} />
    </div>
  );
}

function Icon({ d }: { d: string }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} />
    </svg>
  );
}

/**
 * One recorded action as a sentence, naming cards from the state it was taken in: as the board showed them
 * (`l`, with markers for same-named cards), else by their printed names.
 */
export function describe(a: { actor: ManagerId; action: unknown }, names: Record<ManagerId, string>, before: GameState, l?: Labels): string {
  const who = names[a.actor];
  const act = a.action as Action;
  const card = (id: string) => {
    if (id === 'A' || id === 'B') return names[id];
    if (l?.ref(id)) return l.full(id, a.actor);
    const c = before.cards[id];
    const def = c ? (before.defs[c.def] ?? cardPool[c.def]) : undefined;
    return def ? cardName(def) : t('labels.aCard');
  };
  const targets = (xs: string[]) => xs.map(card).join(t('room.and'));
  const o = { name: who };
  switch (act.type) {
    case 'mulligan':
      return act.redraw ? t('replay.do.redraw', o) : t('replay.do.keep', o);
    case 'choose-order':
      return act.goFirst ? t('replay.do.first', o) : t('replay.do.second', o);
    case 'pass':
      return t('replay.do.pass', o);
    case 'place-star':
      return t('replay.do.star', { ...o, card: card(act.card) });
    case 'tilt-star':
      return t('replay.do.tilt', { ...o, card: card(act.card) });
    case 'play':
      return act.targets.length
        ? t('replay.do.playTargets', { ...o, card: card(act.card), targets: targets(act.targets) })
        : t('replay.do.play', { ...o, card: card(act.card) });
    case 'activate':
      return act.targets.length
        ? t('replay.do.activateTargets', { ...o, card: abilityOf(card(act.card)), targets: targets(act.targets) })
        : t('replay.do.activate', { ...o, card: abilityOf(card(act.card)) });
    case 'declare-attackers':
      return act.attackers.length ? t('replay.do.attack', { ...o, cards: act.attackers.map(card).join(t('cards.sep')) }) : t('replay.do.noAttack', o);
    case 'declare-blocks':
      return act.blocks.length
        ? t('replay.do.blocks', {
            ...o,
            pairs: act.blocks.map((b) => t('log.blockPair', { blocker: card(b.blocker), attacker: card(b.attacker) })).join(t('log.clauseSep')),
          })
        : t('replay.do.noBlocks', o);
    case 'discard':
      return t('replay.do.discard', { ...o, card: card(act.card) });
    case 'choose':
      return t('replay.do.choose', { ...o, n: act.option + 1 });
    case 'concede':
      return t('replay.do.concede', o);
    default:
      return t('replay.do.acts', o);
  }
}
