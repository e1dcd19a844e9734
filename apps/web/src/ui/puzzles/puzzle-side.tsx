/** The Puzzles page's side panel: the goal, the puzzle's and the player's ratings, the streak, the buttons. */
import '../../i18n/later-texts';
import type { PuzzleState } from '@vroyale/protocol';
import { useT } from '../../i18n';

export interface PuzzleSideProps {
  st: PuzzleState;
  /** What happened in this attempt, in words. */
  log: string[];
  busy: boolean;
  /** The solution is being replayed. */
  solving: boolean;
  onHint: () => void;
  onSolution: () => void;
  onNext: () => void;
  onDaily: () => void;
}

export function PuzzleSide({ st, log, busy, solving, onHint, onSolution, onNext, onDaily }: PuzzleSideProps) {
  const t = useT();
  const open = st.status === 'continue';
  return (
    <aside className="side-panel puzzle-side" aria-label={t('puzzles.info')}>
      <h2>{st.daily ? t('puzzles.daily') : t('puzzles.puzzle')}</h2>
      <p className="puzzle-goal">{t(`puzzles.goal.${st.goal}`)}</p>
      {open && <p className="hint">{t('puzzles.yourTurn')}</p>}
      <p className="hint">
        {t('puzzles.puzzleRating', { rating: st.rating })} · {t('puzzles.plays', { count: st.plays })}
      </p>
      <dl className="puzzle-stats">
        <div>
          <dt>{t('puzzles.yourRating')}</dt>
          <dd data-testid="puzzle-rating" title={st.player.provisional ? t('puzzles.provisionalTitle') : undefined}>
            {st.player.provisional ? t('puzzles.provisional', { rating: st.player.rating }) : st.player.rating}
          </dd>
        </div>
        <div>
          <dt>{t('puzzles.streak')}</dt>
          <dd data-testid="puzzle-streak">{st.player.streak}</dd>
        </div>
        <div>
          <dt>{t('puzzles.bestStreak')}</dt>
          <dd>{st.player.bestStreak}</dd>
        </div>
      </dl>
      <div className="puzzle-buttons">
        {open && (
          <button className="btn" disabled={busy || solving} onClick={onHint}>
            {t('puzzles.hint')}
          </button>
        )}
        <button className="btn" disabled={busy} onClick={onSolution} title={open ? t('puzzles.solutionWarning') : undefined}>
          {t('puzzles.showSolution')}
        </button>
        <button className="btn primary" disabled={busy} onClick={onNext}>
          {t('puzzles.next')}
        </button>
        {!st.daily && (
          <button className="btn ghost" disabled={busy} onClick={onDaily}>
            {t('puzzles.toDaily')}
          </button>
        )}
        {st.daily && !open && (
          <button className="btn ghost" disabled={busy} onClick={onDaily}>
            {t('puzzles.retry')}
          </button>
        )}
      </div>
      {open && <p className="hint">{t('puzzles.solutionWarning')}</p>}
      {log.length > 0 && (
        <ol className="log puzzle-log" aria-label={t('room.gameLog')}>
          {log.map((l, k) => (
            <li key={k}>{l}</li>
          ))}
        </ol>
      )}
    </aside>
  );
}
