/**
 * The Puzzles page (issue 35 §2; docs/puzzles.md): the daily puzzle and the stream at the player's level, on the
 * playmat the room uses, clicked as in a match. The server holds the puzzle and answers for the opponent; this
 * page shows its frames (the player's projection) and offers only the legal actions they list. The solution is
 * replayed frame by frame.
 */
import '../../i18n/later-texts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Action, CardView, GameView, ManagerId } from '@vroyale/engine';
import type { PuzzleFrame, PuzzleHint, PuzzleState } from '@vroyale/protocol';
import { cardName } from '../../game/labels';
import { useT } from '../../i18n';
import { dailyPuzzle, nextPuzzle, puzzleHint, puzzleMove, puzzleSolution } from '../../net/puzzles';
import { store, ui, useUi } from '../../store';
import { Board, useBoardKeys } from '../board';
import { ZoomPreview } from '../card';
import { usePanelToggle } from '../panel-toggle';
import { navigate } from '../route';
import { frameLines } from './puzzle-log';
import { PuzzleSide } from './puzzle-side';
import './puzzles.css';

const STEP_MS = 1100;

export default function PuzzlesPage() {
  const t = useT();
  const [st, setSt] = useState<PuzzleState | null>(null);
  /** The frames of this attempt so far (the log is written from their events). */
  const [played, setPlayed] = useState<PuzzleFrame[]>([]);
  const [busy, setBusy] = useState(false);
  const [hint, setHint] = useState<PuzzleHint | null>(null);
  const [solution, setSolution] = useState<{ frames: PuzzleFrame[]; i: number; playing: boolean } | null>(null);
  const panel = usePanelToggle(t('puzzles.info'));
  const hover = useUi((s) => s.hover);

  const load = useCallback(async (which: 'daily' | 'next') => {
    setBusy(true);
    const s = await (which === 'daily' ? dailyPuzzle() : nextPuzzle());
    setBusy(false);
    if (!s) return;
    ui.setState({ menu: null, aiming: null, draft: null });
    setHint(null);
    setSolution(null);
    setSt(s);
    setPlayed([s.frame]);
  }, []);
  useEffect(() => void load('daily'), [load]);

  const onAct = useCallback(
    (a: Action) => {
      if (!st || busy) return;
      setBusy(true);
      void puzzleMove(st, a).then((s) => {
        setBusy(false);
        if (s) {
          setHint(null);
          setSt(s);
          setPlayed((p) => [...p, s.frame]);
        }
      });
    },
    [st, busy],
  );
  const live = !!st && st.status === 'continue' && !solution;
  useBoardKeys(live ? st.frame.legal : [], st?.frame.seq ?? -1, busy, onAct);

  // The solution plays itself a step at a time until the last frame (or a pause).
  useEffect(() => {
    if (!solution?.playing) return;
    if (solution.i >= solution.frames.length - 1) return setSolution({ ...solution, playing: false });
    const id = setTimeout(() => setSolution((s) => (s ? { ...s, i: s.i + 1 } : s)), STEP_MS);
    return () => clearTimeout(id);
  }, [solution]);

  // The hinted card glows on the board, as lichess marks the piece to move. The playmat is pure from its props and
  // knows nothing of hints, so the mark is a class on the card's slot, taken off when the hint goes.
  useEffect(() => {
    if (!hint?.card) return;
    const slot = document.querySelector(`.board [data-card-id="${CSS.escape(hint.card)}"]`)?.closest('.slot');
    slot?.classList.add('puzzle-hinted');
    return () => slot?.classList.remove('puzzle-hinted');
  }, [hint, st?.frame.seq]);

  const askHint = () => void (st && puzzleHint(st.puzzleId).then((h) => h && setHint(h)));
  const showSolution = () =>
    void (
      st &&
      puzzleSolution(st.puzzleId).then((r) => {
        if (!r) return;
        setSt(r.state);
        setSolution({ frames: r.frames, i: 0, playing: true });
      })
    );

  const me: ManagerId = st?.toMove ?? 'A';
  const you = t('puzzles.you');
  const opponent = t('puzzles.opponent');
  const names = useMemo<Record<ManagerId, string>>(() => (me === 'A' ? { A: you, B: opponent } : { A: opponent, B: you }), [me, you, opponent]);
  const log = useMemo(() => frameLines(played, me, names).flat(), [played, me, names]);
  const steps = useMemo(() => (solution ? frameLines(solution.frames, me, names) : []), [solution?.frames, me, names]);

  if (!st) return <div className="loading">{t('puzzles.loading')}</div>;
  const frame = solution ? solution.frames[solution.i]! : st.frame;
  const hintCard = hint?.card ? findCard(st.frame.view, hint.card) : null;
  const hintWhat = hint ? t(`puzzles.hintType.${hint.type}` as 'puzzles.hintType.other', { defaultValue: t('puzzles.hintType.other') }) : '';
  const def = hintCard ? store.getState().defs[hintCard.def] : undefined;

  const status = solution ? (
    <section className="prompt puzzle-status" aria-label={t('puzzles.info')}>
      <h2 className="prompt-title">
        {solution.i === 0 ? t('puzzles.solutionStart') : t('puzzles.solution', { n: solution.i, total: solution.frames.length - 1 })}
      </h2>
      {solution.i > 0 && <p className="hint puzzle-step">{steps[solution.i]?.join(' ') ?? ''}</p>}
      <div className="prompt-actions">
        <button
          className="btn small"
          onClick={() => setSolution({ ...solution, i: Math.max(0, solution.i - 1), playing: false })}
          aria-label={t('puzzles.previous')}
        >
          ◀
        </button>
        <button className="btn small primary" onClick={() => setSolution({ ...solution, playing: !solution.playing })}>
          {solution.playing ? t('puzzles.pause') : t('puzzles.play')}
        </button>
        <button
          className="btn small"
          onClick={() => setSolution({ ...solution, i: Math.min(solution.frames.length - 1, solution.i + 1), playing: false })}
          aria-label={t('puzzles.nextStep')}
        >
          ▶
        </button>
        <button className="btn small ghost" onClick={() => setSolution(null)}>
          {t('puzzles.backToPuzzle')}
        </button>
      </div>
    </section>
  ) : st.status !== 'continue' ? (
    <section className={`prompt puzzle-status is-${st.status}`} aria-live="polite">
      <h2 className="prompt-title">{st.status === 'solved' ? t('puzzles.solved') : t('puzzles.failed')}</h2>
      <p className="hint">
        {st.ratingChange !== null
          ? t('puzzles.ratingChange', { rating: st.player.rating, change: st.ratingChange >= 0 ? `+${st.ratingChange}` : String(st.ratingChange) })
          : t('puzzles.notRated')}
      </p>
    </section>
  ) : frame.legal.length === 0 ? (
    <section className="prompt puzzle-status">
      <h2 className="prompt-title">{t('puzzles.waiting')}</h2>
    </section>
  ) : undefined;

  return (
    <div className="room puzzles" data-panel={panel.open ? 'open' : undefined} data-status={st.status} data-puzzle={st.puzzleId}>
      <header className="topbar">
        <button className="btn ghost" onClick={() => navigate('/')}>
          {t('room.lobby')}
        </button>
        <span className="room-name">{st.daily ? t('puzzles.daily') : t('puzzles.puzzle')}</span>
        <span className="puzzle-banner" role="status">
          {hint && live
            ? def
              ? t('puzzles.hintCard', { what: hintWhat, card: cardName(def) })
              : t('puzzles.hintText', { what: hintWhat })
            : t(`puzzles.goal.${st.goal}`)}
        </span>
        {panel.toggle}
      </header>
      <div className="room-body">
        <main className="board-wrap" aria-label={t('room.playmat')}>
          <Board view={frame.view} legal={live ? frame.legal : []} names={names} me={me} busy={busy || !live} onAct={onAct} status={status} />
        </main>
        <PuzzleSide
          st={st}
          log={log}
          busy={busy}
          solving={!!solution}
          onHint={askHint}
          onSolution={showSolution}
          onNext={() => void load('next')}
          onDaily={() => void load('daily')}
        />
      </div>
      <ZoomPreview hover={hover} />
    </div>
  );
}

function findCard(view: GameView, id: string): CardView | null {
  for (const m of Object.values(view.managers))
    for (const c of [...(m.hand ?? []), ...m.centre, ...m.main, ...(m.backstage ? [m.backstage] : []), ...m.starPool]) if (c.id === id) return c;
  return null;
}
