/**
 * `/api/blocks` and `/api/reports` (issue 17 §5, docs/api.md "Blocks and reports"). Blocks name registered
 * users by username; a report names a username, or a seat of a match (guests have no username): any match that
 * exists, since spectators report too. Reports are limited per reporter and per address (rate-limiter-flexible,
 * as the flood guard: the same API on Redis when there are several nodes): a guest is a reporter too, and a new
 * guest session costs nothing, so the per-reporter limit alone let anyone report without end (issue 31 §2).
 */
import { Router } from 'express';
import { ReportBody } from '@vroyale/protocol';
import { limiter, reserveAll } from '../identity/auth-throttle.js';
import type { Blocks } from '../identity/blocks.js';
import { clientAddress, type TrustProxy } from '../net/client-address.js';
import type { Store } from '../storage/store.js';
import { parseBody } from './api-body.js';
import { apiError, currentUser } from './session-auth.js';

export const REPORTS_PER_DAY = 20;
export const REPORTS_PER_ADDRESS_PER_DAY = 60;

export interface ReportLimits {
  perUserPerDay: number;
  perAddressPerDay: number;
}

export function blockRoutes(d: { storage: Store; blocks: () => Blocks; now: () => number; limits?: ReportLimits; trust: TrustProxy }): Router {
  const r = Router();
  const users = d.storage.users;
  const limits = d.limits ?? { perUserPerDay: REPORTS_PER_DAY, perAddressPerDay: REPORTS_PER_ADDRESS_PER_DAY };
  const DAY_S = 24 * 3600;
  const perUser = limiter('reports', { points: limits.perUserPerDay, windowSec: DAY_S });
  const perAddress = limiter('reports-addr', { points: limits.perAddressPerDay, windowSec: DAY_S });

  r.get('/blocks', async (_req, res) => {
    const ids = [...(await d.blocks().load(currentUser(res).id))];
    const names = await Promise.all(ids.map((id) => users.usernameOf(id)));
    const list = names
      .filter((u): u is string => typeof u === 'string')
      .sort((a, b) => a.localeCompare(b))
      .map((username) => ({ username }));
    res.json({ users: list });
  });

  r.put('/blocks/:username', async (req, res) => {
    const me = currentUser(res);
    const target = await users.byUsername(String(req.params.username).slice(0, 64));
    if (!target) return apiError(res, 404, 'not-found', 'No such user');
    if (target.id === me.id) return apiError(res, 400, 'bad-request', 'You cannot block yourself');
    await d.blocks().block(me.id, target.id, d.now());
    res.status(204).end();
  });

  r.delete('/blocks/:username', async (req, res) => {
    const target = await users.byUsername(String(req.params.username).slice(0, 64));
    if (!target) return apiError(res, 404, 'not-found', 'No such user');
    await d.blocks().unblock(currentUser(res).id, target.id);
    res.status(204).end();
  });

  r.post('/reports', async (req, res) => {
    const body = parseBody(ReportBody, req, res);
    if (!body) return;
    const me = currentUser(res);
    let targetId: string;
    let matchId: string | null = null;
    if (body.matchId !== undefined && body.seat !== undefined) {
      const match = await d.storage.match(body.matchId);
      if (!match) return apiError(res, 404, 'not-found', 'No such match');
      const occ = match.seats[body.seat];
      if (occ.bot) return apiError(res, 400, 'bad-request', 'That seat is the server bot');
      targetId = occ.userId;
      matchId = match.id;
    } else {
      const target = await users.byUsername(body.username!);
      if (!target) return apiError(res, 404, 'not-found', 'No such user');
      targetId = target.id;
    }
    if (targetId === me.id) return apiError(res, 400, 'bad-request', 'You cannot report yourself');
    // A guest seated long ago whose user row is gone (databases from before accounts dropped expired sessions).
    if ((await users.usernameOf(targetId)) === undefined) return apiError(res, 404, 'not-found', 'That player is no longer known');
    // Both or neither: a report refused by one limit is not counted by the other.
    const wait = await reserveAll([
      [perUser, me.id],
      [perAddress, clientAddress(req, d.trust)],
    ]);
    if (wait > 0) {
      res.setHeader('Retry-After', String(wait));
      return apiError(
        res,
        429,
        'too-many-attempts',
        `At most ${limits.perUserPerDay} reports a day per player and ${limits.perAddressPerDay} per address; thank you, moderators have the ones you sent`,
      );
    }
    const id = await d.storage.reports.create({ reporterId: me.id, targetId, matchId, reason: body.reason, note: body.note || null }, d.now());
    res.status(201).json({ id });
  });

  return r;
}
