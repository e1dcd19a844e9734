/**
 * The replay viewer's game review (issue 35 §1), in the viewer's lazy chunk: the band under the top bar (asking,
 * the queue and progress, then the win-chance graph), the summary per manager (accuracy and marks; a count steps
 * to that manager's next such decision), and the verdict on the decision that led to the frame shown, with
 * "Show the suggested play" (the board after the suggested action, a variation).
 */
import '../../i18n/later-texts';
import type { ManagerId } from '@vroyale/engine';
import type { GameReview, ReviewDecision } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { MARK_SYMBOL, MARKS, nextMarkFrame, progressFraction, reviewSummary } from './review-model';
import type { ReviewHook } from './use-review';
import { WinGraph } from './win-graph';
import './review.css';

export interface ReviewBandProps {
  hook: ReviewHook;
  lastFrame: number;
  frame: number;
  names: Record<ManagerId, string>;
  onSeek: (frame: number) => void;
}

/** Under the top bar: the button, the queue or the progress, a failure and "Ask again", then the graph. */
export function ReviewBand({ hook, lastFrame, frame, names, onSeek }: ReviewBandProps) {
  const t = useT();
  const { state, refusal, disabled, asking, ask } = hook;
  if (disabled) return null;
  const review = state?.status === 'done' ? state.review : null;
  if (review)
    return (
      <section className="review-band is-done" aria-label={t('replay.review.title')}>
        <WinGraph review={review} lastFrame={lastFrame} frame={frame} names={names} onSeek={onSeek} />
      </section>
    );
  const failed = state?.status === 'failed';
  const coming = state?.status === 'queued' || state?.status === 'running';
  return (
    <section className="review-band" aria-label={t('replay.review.title')} data-status={state?.status ?? 'none'}>
      {coming && state ? (
        <div className="review-progress" role="status">
          <span>
            {state.status === 'running' || state.queuePosition === null
              ? t('replay.review.running', { done: state.progress.done, total: state.progress.total })
              : state.queuePosition === 0
                ? t('replay.review.queuedNext')
                : t('replay.review.queued', { count: state.queuePosition })}
          </span>
          <div
            className={`review-bar${state.status === 'queued' ? ' is-waiting' : ''}`}
            role="progressbar"
            aria-label={t('replay.review.progress')}
            aria-valuemin={0}
            aria-valuemax={Math.max(1, state.progress.total)}
            aria-valuenow={state.progress.done}
          >
            <div style={{ width: `${Math.round(progressFraction(state.progress) * 100)}%` }} />
          </div>
        </div>
      ) : (
        <>
          <p className="review-pitch">
            {failed ? (state?.error ? t('replay.review.failed', { message: state.error }) : t('replay.review.failedPlain')) : t('replay.review.pitch')}
          </p>
          <button className="btn small primary review-ask" onClick={ask} disabled={asking}>
            {failed ? t('replay.review.askAgain') : t('replay.review.ask')}
          </button>
        </>
      )}
      {refusal && (
        <p className="review-refusal" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}

export interface ReviewSummaryProps {
  review: GameReview;
  names: Record<ManagerId, string>;
  frame: number;
  onSeek: (frame: number) => void;
}

/**
 * Accuracy and the marks of each manager, as lichess lays them out: a column per manager, a row per mark; a count
 * steps to that manager's next decision with that mark.
 */
export function ReviewSummary({ review, names, frame, onSeek }: ReviewSummaryProps) {
  const t = useT();
  const rows = reviewSummary(review);
  return (
    <section className="review-summary" aria-label={t('replay.review.summary')}>
      <table>
        <thead>
          <tr>
            <td />
            {rows.map((row) => (
              <th key={row.manager} scope="col" className={`side-${row.manager}`}>
                <span className="review-swatch" aria-hidden="true" />
                <span className="review-name">{names[row.manager]}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MARKS.map((m) => (
            <tr key={m} className={`is-${m}`}>
              <th scope="row" title={t(`replay.review.marks.${m}`)}>
                <span className="review-symbol">{MARK_SYMBOL[m]}</span> {t(`replay.review.marks.${m}`)}
              </th>
              {rows.map((row) => {
                const n = row.marks[m];
                return (
                  <td key={row.manager} data-manager={row.manager}>
                    <button
                      className={`review-count is-${m}`}
                      disabled={n === 0}
                      aria-label={`${t(`replay.review.count.${m}`, { count: n })}: ${t(`replay.review.next.${m}`, { name: names[row.manager] })}`}
                      onClick={() => {
                        const f = nextMarkFrame(review, row.manager, m, frame);
                        if (f !== null) onSeek(f);
                      }}
                    >
                      {n}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
          <tr className="review-accuracy">
            <th scope="row">{t('replay.review.accuracy')}</th>
            {rows.map((row) => (
              <td key={row.manager} data-manager={row.manager} title={row.accuracy === null ? t('replay.review.noAccuracy') : undefined}>
                {row.accuracy === null ? '—' : t('replay.review.accuracyValue', { n: row.accuracy })}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </section>
  );
}

export interface ReviewVerdictProps {
  decision: ReviewDecision;
  names: Record<ManagerId, string>;
  /** The suggested action in words (null: the same as the one played, or nothing to suggest). */
  suggested: string | null;
  onShow: () => void;
}

/** The judgement of the decision that led to the frame shown: its mark, the loss, what was better. */
export function ReviewVerdict({ decision, names, suggested, onShow }: ReviewVerdictProps) {
  const t = useT();
  const j = decision.judgement;
  if (!j)
    return decision.skipped && decision.skipped !== 'forced' ? (
      <p className="review-verdict is-skipped hint">{t(`replay.review.skipped.${decision.skipped}`)}</p>
    ) : null;
  const fig = { loss: j.loss.toFixed(1), chosen: Math.round(j.chosen), best: Math.round(j.best), name: names[decision.manager] };
  return (
    <div className={`review-verdict${j.mark ? ` is-${j.mark}` : ''}`} data-mark={j.mark ?? undefined}>
      <p>
        {j.mark && (
          <span className="review-symbol" aria-hidden="true">
            {MARK_SYMBOL[j.mark]}
          </span>
        )}{' '}
        {j.mark
          ? t('replay.review.verdict', { ...fig, mark: t(`replay.review.mark.${j.mark}`) })
          : j.loss > 0.05
            ? t('replay.review.good', fig)
            : t('replay.review.best', fig)}
      </p>
      {suggested && (
        <p className="review-suggested">
          {t('replay.review.suggested', { what: suggested })}{' '}
          <button className="btn small review-show" onClick={onShow}>
            {t('replay.review.show')}
          </button>
        </p>
      )}
    </div>
  );
}
