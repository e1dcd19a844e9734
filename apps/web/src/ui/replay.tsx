/**
 * Replay viewer (loaded on demand): fetches a finished match's seed, rosters and actions and re-runs the
 * engine here, in the browser (it is pure and deterministic), then steps through the states.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { createGame, project, projectEvents, step, type Action, type GameEvent, type GameState, type ManagerId, type Roster, type Viewer } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { abilityOf, labels, type Labels } from '../game/labels';
import { endReason, learn, sentence, type LogContext } from '../game/log';
import { store, useUi } from '../store';
import { Board } from './board';
import { ZoomPreview } from './card';
import { usePanelToggle } from './panel-toggle';

interface ReplayData {
  matchId: string;
  seed: string;
  rosters: Record<ManagerId, Roster>;
  seats: Record<ManagerId, { name: string; bot: boolean }>;
  result: { winner: ManagerId | 'draw'; reason: string } | null;
  actions: { seq: number; actor: ManagerId; action: unknown }[];
}

interface Frame {
  state: GameState;
  events: GameEvent[];
}

function rebuild(r: ReplayData): { frames: Frame[]; error: string | null } {
  const created = createGame({ seed: r.seed, pool: cardPool, rosters: r.rosters });
  if (!created.ok) return { frames: [], error: created.message };
  const frames: Frame[] = [{ state: created.state, events: [] }];
  for (const a of r.actions) {
    const res = step(frames[frames.length - 1]!.state, a.action as Action);
    if (!res.ok) return { frames, error: `The replay stops at action ${a.seq}: ${res.message}` };
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

  useEffect(() => {
    store.setState((s) => ({ defs: { ...cardPool, ...s.defs } }));
    fetch(`/api/matches/${encodeURIComponent(matchId)}/replay`)
      .then(async (res) => {
        const body = (await res.json()) as ReplayData & { message?: string };
        if (!res.ok) throw new Error(body.message ?? `The server answered ${res.status}`);
        setData(body);
      })
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, [matchId]);

  const built = useMemo(() => (data ? rebuild(data) : null), [data]);
  const frames = built?.frames ?? [];
  const last = Math.max(0, frames.length - 1);

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
      else if (e.key === ' ') {
        e.preventDefault();
        setPlaying((p) => !p);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [last]);

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
  }, [frames, viewer, names.A, names.B]);
  const log = useMemo(() => {
    let n = 0;
    while (n < allLines.length && allLines[n]!.at <= i) n++;
    return allLines.slice(Math.max(0, n - 200), n);
  }, [allLines, i]);

  useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [log]);
  const panel = usePanelToggle('Log');

  if (error) return <div className="panel replay-error" role="alert">Replay unavailable: {error} <a href="#/">Back to the lobby</a></div>;
  if (!data || !built) return <div className="loading">Loading the replay…</div>;
  const frame = frames[i]!;
  const view = project(frame.state, viewer);
  return (
    <div className="room replay" data-panel={panel.open ? 'open' : undefined}>
      <header className="topbar">
        <a className="btn ghost" href="#/">
          ← Lobby
        </a>
        <span className="room-name">
          Replay: {names.A} vs {names.B}
          {data.result ? ` — ${data.result.winner === 'draw' ? 'draw' : `${names[data.result.winner]} won`} (${endReason(data.result.reason, data.result.winner, { me: null, names })})` : ''}
        </span>
        <div className="replay-controls" role="group" aria-label="Replay controls">
          <button className="btn small" onClick={() => setI(0)} aria-label="First action">
            <Icon d="M6 5v14M19 5l-10 7 10 7z" />
          </button>
          <button className="btn small" onClick={() => setI((x) => Math.max(0, x - 1))} aria-label="Previous action">
            <Icon d="M17 5L7 12l10 7z" />
          </button>
          <button className="btn small primary" onClick={() => setPlaying((p) => !p)} aria-label={playing ? 'Pause' : 'Play'}>
            {playing ? <Icon d="M7 5h4v14H7zM14 5h4v14h-4z" /> : <Icon d="M7 5l12 7-12 7z" />}
          </button>
          <button className="btn small" onClick={() => setI((x) => Math.min(last, x + 1))} aria-label="Next action">
            <Icon d="M7 5l10 7-10 7z" />
          </button>
          <button className="btn small" onClick={() => setI(last)} aria-label="Last action">
            <Icon d="M18 5v14M5 5l10 7-10 7z" />
          </button>
          <input type="range" min={0} max={last} value={i} onChange={(e) => setI(Number(e.target.value))} aria-label="Replay position" />
          <span className="hint">
            {i}/{last}
          </span>
        </div>
        <label>
          Hands:{' '}
          <select value={viewer} onChange={(e) => setViewer(e.target.value as Viewer)} aria-label="Whose hand to show">
            <option value="spectator">hidden</option>
            <option value="A">{names.A}</option>
            <option value="B">{names.B}</option>
          </select>
        </label>
        {built.error && <span className="conn-warn">{built.error}</span>}
        {panel.toggle}
      </header>
      <div className="room-body">
        <main className="board-wrap" aria-label="Playmat">
          <Board
            view={view}
            legal={[]}
            names={names}
            me={viewer === 'spectator' ? null : viewer}
            busy
            onAct={() => undefined}
            status={
              <section className="prompt" aria-label="Replay position">
                <h2 className="prompt-title">{i === 0 ? 'The opening hands are dealt.' : `Action ${i}: ${describe(data.actions[i - 1]!, names, frames[i - 1]!.state, labels(project(frames[i - 1]!.state, viewer), names, null))}.`}</h2>
              </section>
            }
          />
        </main>
        <aside className="side-panel" aria-label="Replay log">
          <ol className="log" aria-label="Game log" ref={logRef}>
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
    return c ? (before.defs[c.def]?.name ?? cardPool[c.def]?.name ?? 'a card') : 'a card';
  };
  const on = (t: string[]) => (t.length ? ` targeting ${t.map(card).join(' and ')}` : '');
  switch (act.type) {
    case 'mulligan':
      return act.redraw ? `${who} shuffles their opening hand away and draws 5 new cards` : `${who} keeps their opening hand`;
    case 'choose-order':
      return `${who} chooses to go ${act.goFirst ? 'first' : 'second'}`;
    case 'pass':
      return `${who} passes`;
    case 'place-star':
      return `${who} places ${card(act.card)} in their Star Pool`;
    case 'tilt-star':
      return `${who} tilts ${card(act.card)} for stars`;
    case 'play':
      return `${who} plays ${card(act.card)}${on(act.targets)}`;
    case 'activate':
      return `${who} activates ${abilityOf(card(act.card))}${on(act.targets)}`;
    case 'declare-attackers':
      return act.attackers.length ? `${who} attacks with ${act.attackers.map(card).join(', ')}` : `${who} declares no attack`;
    case 'declare-blocks':
      return act.blocks.length ? `${who} blocks: ${act.blocks.map((b) => `${card(b.blocker)} blocks ${card(b.attacker)}`).join('; ')}` : `${who} declares no blocks`;
    case 'discard':
      return `${who} discards ${card(act.card)}`;
    case 'choose':
      return `${who} makes a choice (option ${act.option + 1})`;
    case 'concede':
      return `${who} concedes`;
    default:
      return `${who} acts`;
  }
}
