/**
 * Public profiles, match history and the leaderboard (issue 17 §5, docs/api.md). No sign-in: anything here is
 * what anyone may see of an account. Guests have no profile (404, like an unknown name). The queries are the
 * store's (`Store.profiles`).
 */
import { Router, type Response } from 'express';
import { z } from 'zod';
import { RatingQueue } from '@vroyale/protocol';
import type { ProfilesStore } from '../storage/store.js';

const HistoryQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(50).default(20),
});
const BoardQuery = z.object({
  queue: RatingQueue.default('ranked'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

const notFound = (res: Response) => void res.status(404).json({ error: 'not-found', message: 'No player with that username' });
const badQuery = (res: Response, e: z.ZodError) => {
  const i = e.issues[0];
  res.status(400).json({ error: 'bad-request', message: i ? `${i.path.join('.') || 'query'}: ${i.message}` : 'Bad query' });
};

export function profileRoutes(profiles: ProfilesStore): Router {
  const router = Router();

  router.get('/api/users/:name', async (req, res) => {
    const profile = await profiles.profile(String(req.params.name));
    if (!profile) return notFound(res);
    res.json(profile);
  });

  router.get('/api/users/:name/matches', async (req, res) => {
    const q = HistoryQuery.safeParse(req.query);
    if (!q.success) return badQuery(res, q.error);
    const page = await profiles.history(String(req.params.name), q.data.page, q.data.perPage);
    if (!page) return notFound(res);
    res.json(page);
  });

  router.get('/api/leaderboard', async (req, res) => {
    const q = BoardQuery.safeParse(req.query);
    if (!q.success) return badQuery(res, q.error);
    res.json(await profiles.leaderboard(q.data.queue, q.data.limit));
  });

  return router;
}
