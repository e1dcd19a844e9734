/**
 * `POST` and `GET /api/matches/:id/review` (docs/api.md "Reviews"). Anyone may ask, signed in or not: the review
 * shows what the replay shows, and the replay is public once the match has ended (http-app.ts); before that both
 * answer 403, so a review can never tell anything about a live match. New reviews are limited per address (a
 * guest session costs nothing, so a per-user limit alone would be no limit); asking for one that is done or under
 * way costs nothing.
 */
import { Router, type Request, type Response } from 'express';
import { limiter, reserveAll } from '../identity/auth-throttle.js';
import { clientAddress, type TrustProxy } from '../net/client-address.js';
import type { Store } from '../storage/store.js';
import type { ReviewAnswer, ReviewQueue } from './review-queue.js';

/** The error codes of these routes; the body is the API's `{ error, message }`. */
type ReviewError = 'not-found' | 'match-not-finished' | 'reviews-off' | 'review-queue-full' | 'too-many-attempts';

function refuse(res: Response, status: number, error: ReviewError, message: string): void {
  res.status(status).json({ error, message });
}

/**
 * 202 while queued or running (ask again with GET), 200 once it is done or failed. A done review's JSON text is
 * spliced in as stored, not parsed and serialised again.
 */
function answer(res: Response, a: ReviewAnswer): void {
  const s = a.state;
  res.status(s.status === 'queued' || s.status === 'running' ? 202 : 200);
  if (a.reviewJson === null) {
    res.json(s);
    return;
  }
  const { review: _, ...rest } = s;
  res.type('json').send(`${JSON.stringify(rest).slice(0, -1)},"review":${a.reviewJson}}`);
}

function queueFull(res: Response): void {
  res.setHeader('Retry-After', '60');
  refuse(res, 429, 'review-queue-full', 'The server has as many reviews waiting as it takes; ask again in a few minutes');
}

export function reviewRoutes(d: { storage: Store; queue: ReviewQueue; trust: TrustProxy }): Router {
  const r = Router();
  const perAddress = limiter('reviews-addr', { points: d.queue.config.perAddressPerHour, windowSec: 3600 });

  /** The finished match the path names, or null after answering why not. */
  async function finishedMatch(req: Request, res: Response): Promise<string | null> {
    if (!d.queue.enabled) {
      refuse(res, 503, 'reviews-off', 'Game reviews are turned off on this server');
      return null;
    }
    const id = String(req.params.id).slice(0, 64);
    const match = await d.storage.match(id);
    if (!match) {
      refuse(res, 404, 'not-found', 'No such match');
      return null;
    }
    if (match.status !== 'finished') {
      refuse(res, 403, 'match-not-finished', 'A review is available once the match has ended');
      return null;
    }
    return match.id;
  }

  r.get('/matches/:id/review', async (req, res) => {
    const id = await finishedMatch(req, res);
    if (id === null) return;
    const state = await d.queue.state(id);
    if (!state) return refuse(res, 404, 'not-found', 'Nobody has asked for a review of this match yet (POST to ask)');
    answer(res, state);
  });

  r.post('/matches/:id/review', async (req, res) => {
    const id = await finishedMatch(req, res);
    if (id === null) return;
    const known = await d.queue.existing(id);
    if (known) return answer(res, known);
    // Full before counting: a refusal for the server's sake costs the asker nothing.
    if (d.queue.full) return queueFull(res);
    const wait = await reserveAll([[perAddress, clientAddress(req, d.trust)]]);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      return refuse(res, 429, 'too-many-attempts', `At most ${d.queue.config.perAddressPerHour} new reviews an hour from one address; try again later`);
    }
    const out = await d.queue.request(id);
    if (!out.ok) return queueFull(res);
    answer(res, out.answer);
  });

  return r;
}
