/** What the game server is built from (server.ts makes them); its services read the parts they need. */
import type { CardDef } from '@vroyale/engine';
import type { ServerBot } from './bots/server-bot.js';
import type { Ownership } from './cluster/ownership.js';
import type { RoomRouter } from './cluster/room-router.js';
import type { ServerConfig } from './config.js';
import type { Users } from './identity/users.js';
import type { Logger } from './logger.js';
import type { MasterMetrics } from './metrics/node-metrics.js';
import type { FloodGuard } from './net/flood-guard.js';
import type { AccountFacts, ActionLog, Store } from './storage/store.js';
import type { Clock } from './time/clock.js';
import type { Transport } from './transport/transport.js';

export interface GameServerDeps {
  config: ServerConfig;
  clock: Clock;
  log: Logger;
  storage: Store;
  writer: ActionLog;
  transport: Transport;
  flood: FloodGuard;
  users: Users;
  pool: Record<string, CardDef>;
  bot: ServerBot;
  /** Issue 17: account facts for matchmaking; absent → the store's (`Store.facts`). */
  facts?: AccountFacts;
  /** The masters' latency histograms (metrics/node-metrics.ts). */
  metrics?: MasterMetrics;
  /** In a cluster: this node's match leases (cluster/ownership.ts). Absent: a single node owns every match. */
  ownership?: Ownership | null;
  /** In a cluster: messages about rooms another node holds go there (cluster/room-router.ts). */
  router?: RoomRouter | null;
}
