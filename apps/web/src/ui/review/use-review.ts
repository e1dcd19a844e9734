/**
 * A match's game review over HTTP (docs/api.md "Reviews"): `POST /api/matches/:id/review` asks, `GET` reads, both
 * answering a `ReviewState`. The hook reads once on mount (a review asked before shows at once), asks on demand,
 * and polls about once a second while the review is queued or running, stopping when it is done or failed and
 * when the viewer unmounts.
 */
import '../../i18n/later-texts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewState } from '@vroyale/protocol';
import { api, seg, type ApiResult } from '../../net/api';
import { waitText } from '../../net/api-errors';
import { t } from '../../i18n';

export const POLL_MS = 1000;

const path = (matchId: string) => `/api/matches/${seg(matchId)}/review`;

/** Whether a review in this state is still coming (and worth polling). */
export const pending = (s: ReviewState | null): boolean => s?.status === 'queued' || s?.status === 'running';

/**
 * A refusal in words, by HTTP status (docs/api.md "Reviews": 403, 404, 429 for a full queue or too many asked from
 * one address, 503); the server's sentence otherwise.
 */
export function refusalText(r: Extract<ApiResult<unknown>, { ok: false }>): string {
  switch (r.status) {
    case 0:
      return t('errors.offline');
    case 403:
      return t('replay.review.notFinished');
    case 404:
      return t('replay.review.unknown');
    case 429:
      return r.error.error === 'too-many-attempts' ? t('replay.review.tooMany', { wait: waitText(r.retryAfterS ?? 3600) }) : t('replay.review.busy');
    case 503:
      return t('replay.review.disabled');
    default:
      return r.error.message || t('replay.review.failed');
  }
}

export interface ReviewHook {
  state: ReviewState | null;
  /** Why the last request was refused (not a failed review: that is `state.error`). */
  refusal: string | null;
  /** Reviews are switched off on this server (503 on reading): offer nothing. */
  disabled: boolean;
  asking: boolean;
  ask: () => void;
}

export function useReview(matchId: string, autoAsk = false): ReviewHook {
  const [state, setState] = useState<ReviewState | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [disabled, setDisabled] = useState(false);
  const [asking, setAsking] = useState(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    setState(null);
    setRefusal(null);
    setDisabled(false);
    void api<ReviewState>('GET', path(matchId)).then((r) => {
      if (!alive.current) return;
      if (r.ok) setState(r.data);
      else if (r.status === 503) setDisabled(true);
      // 404 before anyone asked: nothing to show yet, the button offers it.
    });
    return () => {
      alive.current = false;
    };
  }, [matchId]);

  const ask = useCallback(() => {
    setAsking(true);
    setRefusal(null);
    void api<ReviewState>('POST', path(matchId)).then((r) => {
      if (!alive.current) return;
      setAsking(false);
      if (r.ok) setState(r.data);
      else setRefusal(refusalText(r));
    });
  }, [matchId]);

  const asked = useRef(false);
  useEffect(() => {
    if (!autoAsk || asked.current || disabled) return;
    asked.current = true;
    ask();
  }, [autoAsk, disabled, ask]);

  // One read a second while it is coming; a failed read keeps the last state and tries again.
  const polling = pending(state);
  useEffect(() => {
    if (!polling) return;
    const id = setTimeout(() => {
      void api<ReviewState>('GET', path(matchId)).then((r) => {
        if (!alive.current) return;
        if (r.ok) setState(r.data);
        else setState((s) => (s ? { ...s } : s));
      });
    }, POLL_MS);
    return () => clearTimeout(id);
  }, [polling, matchId, state]);

  return { state, refusal, disabled, asking, ask };
}
