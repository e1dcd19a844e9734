/**
 * The HTTP side: health (health-route.ts), finished matches' replays, and the web app's static build when it exists.
 * A replay (seed, rosters, actions) reveals every hidden card, so it is refused until the match has ended.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express } from 'express';
import type { GameServer } from '../game-server.js';
import type { AuthThrottleConfig } from '../identity/auth-throttle.js';
import type { Logger } from '../logger.js';
import type { TrustProxy } from '../net/client-address.js';
import type { ReviewQueue } from '../reviews/review-queue.js';
import { reviewRoutes } from '../reviews/review-routes.js';
import type { Store } from '../storage/store.js';
import { jsonErrors } from './api-body.js';
import { blockRoutes, type ReportLimits } from './block-routes.js';
import { deckRoutes } from './deck-routes.js';
import { authRoutes } from './auth-routes.js';
import { healthRoute, type HealthChecks } from './health-route.js';
import { originGuard } from './origin-guard.js';
import { profileRoutes } from './profile-routes.js';
import { securityHeaders } from './security-headers.js';
import { requireUser } from './session-auth.js';
import { settingsRoutes } from './settings-routes.js';

export interface HttpAppDeps {
  storage: Store;
  game: () => GameServer | null;
  webDist: string | null;
  origins: readonly string[];
  /** What `/healthz` asks (health-route.ts): the database's ping and, when configured, Redis's. */
  health: HealthChecks;
  /** Sessions and accounts (auth-routes.ts). */
  now: () => number;
  sessionTtlMs: number;
  authThrottle: AuthThrottleConfig;
  /** Reports per reporter and per address, a day (block-routes.ts). */
  reportLimits?: ReportLimits;
  trust: TrustProxy;
  /** The game review's queue (reviews/): `/api/matches/:id/review`. */
  reviews: ReviewQueue;
  log: Logger;
}

export function createHttpApp(deps: HttpAppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders());
  app.use(originGuard(deps.origins));

  app.get('/healthz', healthRoute(deps.health));

  // Every JSON body of the API: at most 16 KB; malformed or oversized ones answer in the API's shape (jsonErrors).
  app.use('/api', express.json({ limit: '16kb' }));
  app.use(
    '/api',
    authRoutes({
      storage: deps.storage,
      game: deps.game,
      now: deps.now,
      sessionTtlMs: deps.sessionTtlMs,
      throttle: deps.authThrottle,
      trust: deps.trust,
      log: deps.log,
    }),
  );

  app.get('/api/matches/:id/replay', async (req, res) => {
    const id = String(req.params.id).slice(0, 64);
    const match = await deps.storage.match(id);
    if (!match) return void res.status(404).json({ error: 'not-found', message: 'No such match' });
    if (match.status !== 'finished')
      return void res.status(403).json({ error: 'match-not-finished', message: 'The replay is available once the match has ended' });
    res.json({
      matchId: match.id,
      roomId: match.roomId,
      seed: match.seed,
      rosters: match.rosters,
      // A later game of a best-of-three: who chose the order (no coin was flipped; the replay needs it).
      chooser: match.chooser ?? null,
      seats: { A: { name: match.seats.A.name, bot: match.seats.A.bot }, B: { name: match.seats.B.name, bot: match.seats.B.bot } },
      result: match.result,
      createdAt: match.createdAt,
      endedAt: match.endedAt,
      // Who acted and what, in order; how an action came about (auto-pass, bot) stays private.
      actions: (await deps.storage.actions(match.id)).map((a) => ({ seq: a.seq, actor: a.actor, action: a.action, at: a.at })),
    });
  });

  // A finished match's game review (issue 35 §1): public like its replay.
  app.use('/api', reviewRoutes({ storage: deps.storage, queue: deps.reviews, trust: deps.trust }));

  // Decks, settings, blocks and reports (issue 17): signed-in users only (guests too).
  app.use(['/api/decks', '/api/settings', '/api/blocks', '/api/reports'], requireUser({ storage: deps.storage, now: deps.now, ttlMs: deps.sessionTtlMs }));
  const blocks = () => {
    const game = deps.game();
    if (!game) throw new Error('blocks used before the game server started');
    return game.blocks;
  };
  app.use('/api', deckRoutes({ decks: deps.storage.decks, now: deps.now }));
  app.use('/api', settingsRoutes({ storage: deps.storage, game: deps.game }));
  app.use('/api', blockRoutes({ storage: deps.storage, blocks, now: deps.now, limits: deps.reportLimits, trust: deps.trust }));
  // Public profiles, match history and the leaderboard (issue 17 §5).
  app.use(profileRoutes(deps.storage.profiles));
  app.use('/api', jsonErrors);

  app.use('/api', (_req, res) => void res.status(404).json({ error: 'not-found' }));

  if (deps.webDist && existsSync(deps.webDist)) {
    const dist = deps.webDist;
    app.use(express.static(dist, { index: 'index.html', maxAge: '1h' }));
    // Client-side routes (e.g. /room/<id>) get the app; the app reads the path itself.
    app.get(/^\/(?!api\/|socket\.io\/|healthz).*/, (_req, res) => res.sendFile(join(dist, 'index.html')));
  }
  return app;
}
