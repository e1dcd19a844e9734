/**
 * Puts the layers together: storage (SQLite) → game server (rooms, masters) → transport (Socket.IO) and the
 * HTTP app on one port. `startServer` is what main.ts, the tests and the benchmark call; `stop` is the
 * graceful shutdown (refuse new work, tell clients, finish queued writes, close the database).
 */
import { createServer as createHttpServer, type IncomingMessage, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Server } from 'socket.io';
import { cardPool } from '@vroyale/cards';
import type { ClientToServerEvents, ServerToClientEvents } from '@vroyale/protocol';
import { serverBot } from './bots/bot-pool.js';
import type { ServerBot } from './bots/server-bot.js';
import type { ServerConfig } from './config.js';
import { GameServer } from './game-server.js';
import { RedisLobbyFeed } from './cluster/redis-lobby-feed.js';
import { RedisNodeLink } from './cluster/node-link.js';
import { Ownership } from './cluster/ownership.js';
import { RedisRoomDirectory } from './cluster/room-directory.js';
import { RoomRouter, type RouterBus } from './cluster/room-router.js';
import { createHttpApp } from './http/http-app.js';
import { Users } from './identity/users.js';
import { createLogger, type Logger } from './logger.js';
import { createNodeMetrics, type NodeMetrics } from './metrics/node-metrics.js';
import { startMetricsListener } from './metrics/metrics-listener.js';
import { addressKey, clientAddress, trustProxy } from './net/client-address.js';
import { FloodGuard } from './net/flood-guard.js';
import { checkOrigin } from './net/origin-check.js';
import { redisConnection } from './net/redis-connection.js';
import { ReviewQueue } from './reviews/review-queue.js';
import { openStore } from './storage/open-store.js';
import type { ActionLog, Store } from './storage/store.js';
import { systemClock, type Clock } from './time/clock.js';
import { jsonParser } from './transport/json-parser.js';
import { gatedWsEngine, type ReadGates } from './transport/gated-ws-server.js';
import { DEFAULT_PARK, ReadPark } from './transport/read-park.js';
import { SocketIoTransport } from './transport/socket-io-transport.js';
import type { Transport } from './transport/transport.js';

export interface StartOptions {
  config: ServerConfig;
  clock?: Clock;
  logger?: Logger;
  /** Tests: the server bot to use instead of the configured one. */
  bot?: ServerBot;
}

export interface RunningServer {
  port: number;
  url: string;
  /** The metrics listener's port (VROYALE_METRICS_PORT; null when off) and the registry behind it. */
  metricsPort: number | null;
  metrics: NodeMetrics;
  /** The game review's queue (reviews/review-queue.ts). */
  reviews: ReviewQueue;
  game: GameServer;
  /** How the game talks to clients (tests: a send from this node to a socket on another). */
  transport: Transport;
  /** Where low-class sockets' reads are parked (transport/read-park.ts; null when off). */
  park: ReadPark | null;
  storage: Store;
  writer: ActionLog;
  log: Logger;
  stop(): Promise<void>;
}

/** What a handshake costs admission control, in messages: the upgrade and engine.io's socket (Socket.IO's: CONNECT_UNITS). */
const HANDSHAKE_UNITS = 4;

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const log = opts.logger ?? createLogger(config.logLevel);
  const storage = await openStore(config, log);
  const writer = storage.writer;
  let game: GameServer | null = null;
  const trust = trustProxy(config.trustProxy);
  const redis = config.redisUrl ? redisConnection(config.redisUrl, log) : null;
  const reviews = new ReviewQueue({ storage, node: config.nodeId, config: config.reviews, now: () => clock.now(), log });
  const app = createHttpApp({
    storage,
    game: () => game,
    webDist: config.webDist,
    origins: config.origins,
    health: {
      database: () => storage.ping(),
      redis: redis ? () => redis.ping() : null,
      onDown: (check, e) => log.warn({ check, err: e instanceof Error ? e.message : String(e) }, 'health check failed'),
    },
    now: () => clock.now(),
    sessionTtlMs: config.sessionTtlMs,
    authThrottle: config.authThrottle,
    reportLimits: config.reportLimits,
    trust,
    reviews,
    log,
  });
  const http: HttpServer = createHttpServer(app);
  // Every TCP connection, upgraded ones included (HttpServer.closeAllConnections leaves WebSockets alone).
  const tcp = new Set<NetSocket>();
  http.on('connection', (c: NetSocket) => {
    tcp.add(c);
    c.once('close', () => tcp.delete(c));
  });
  const flood = new FloodGuard({ perSocket: config.rateLimit, ...config.flood }, () => clock.now());
  // Each WebSocket's reads wait in a gate until admission control lets ws parse them (transport/read-gate.ts).
  // Sockets before hello or in no room are read only when granted, a batch per tick (transport/read-park.ts).
  const parkCfg = config.admission.park === undefined ? DEFAULT_PARK : config.admission.park;
  const park = parkCfg ? new ReadPark(parkCfg) : null;
  const readGates: ReadGates = { gates: new WeakMap(), beforeOwned: (feed) => feed(), park };
  const io = new Server<ClientToServerEvents, ServerToClientEvents>(http, {
    maxHttpBufferSize: config.maxHttpBufferSize,
    serveClient: false,
    // No walk of every emitted object for binary data: the server sends none (transport/json-parser.ts).
    parser: jsonParser,
    wsEngine: gatedWsEngine(readGates),
    // Called for each new engine.io connection only (not for the later requests of a polling session), before
    // the upgrade: the cheapest place to refuse.
    allowRequest: (req, cb) => {
      const verdict = checkOrigin(req.headers.origin, req.headers.host, config.origins);
      if (!verdict.ok) {
        log.warn({ origin: req.headers.origin, host: req.headers.host }, `connection refused: ${verdict.reason}`);
        // engine.io answers 403 with this message as the body's context.
        return cb(verdict.reason, false);
      }
      const address = clientAddress(req, trust);
      flood.admit(address).then(
        // Past the checks, the upgrade and the sockets it builds wait for admission control like a message.
        (why) => (why ? cb(why, false) : transport.admission.run('new', HANDSHAKE_UNITS, () => cb(null, true))),
        (e: unknown) => {
          log.error({ err: e }, 'connection admission failed');
          cb('the server could not check this connection', false);
        },
      );
    },
    cors: config.origins.length > 0 ? { origin: config.origins } : undefined,
  });
  // Counted at engine.io's level, which opens a connection in the same tick as its admission: counting Socket.IO
  // connections instead would let a burst of handshakes all pass before the first one connects.
  io.engine.on('connection', (raw: { request: IncomingMessage; once(event: 'close', f: () => void): void }) => {
    const address = clientAddress(raw.request, trust);
    flood.opened(address);
    raw.once('close', () => flood.closed(address));
  });
  // Several nodes (issue 19 §2): Socket.IO's Redis streams adapter carries sends to sockets of other nodes and
  // the nodes' own messages (serverSideEmit). Streams rather than pub/sub: a node that loses Redis for a moment
  // resumes from its offset instead of missing what was published meanwhile.
  // Heartbeats every second, a node silent for 3 s is gone: a forward (cluster/room-router.ts) waits for every
  // node it counts, so a dead one must leave the count soon after its lease (3 s) does.
  // Only with PostgreSQL as well: nodes on SQLite files of their own share nothing to cluster over.
  const cluster = redis !== null && config.databaseUrl !== null ? redis : null;
  if (cluster)
    io.adapter(createAdapter(cluster.adapterClient(), { streamName: 'vroyale', blockTimeInMs: 2_000, heartbeatInterval: 1_000, heartbeatTimeout: 3_000 }));
  // Its sources are read on scrape, after everything below exists.
  const metrics = createNodeMetrics({
    rooms: () => game?.lobby.rooms.values() ?? [],
    sockets: () => game?.connections ?? 0,
    socketClasses: () => game?.socketClasses() ?? null,
    admission: () => ({
      deferred: transport.admission.deferred,
      waiting: transport.admission.waitingSockets,
      handshakesDeferred: transport.admission.tasksDeferred,
      refusedUnparsed: transport.refusedUnparsed,
      parked: park?.parkedNow ?? 0,
      grants: park?.stats.grants ?? 0,
      grantTicks: park?.stats.ticks ?? 0,
      grantsRead: park?.stats.grantsRead ?? 0,
    }),
    flood: () => game?.floodStats ?? null,
    storage: () => ({ ...writer.stats(), checkpoints: storage.checkpointRuns() }),
  });
  const transport = new SocketIoTransport(io, log, (req) => clientAddress(req, trust), {
    clustered: cluster !== null,
    admission: config.admission,
    readGates,
    onTurn: (ms, n) => metrics.admissionTurn(ms, n),
    onReadWait: (cls, ms) => metrics.readWait(cls, ms),
  });
  // Behind a trusted proxy every TCP peer is the proxy: only the handshake (X-Forwarded-For) tells clients apart.
  // Every connection starts parked: its HTTP request (a handshake, a long-polling request) is read when granted.
  http.on('connection', (sock: NetSocket) => {
    const peer = sock.remoteAddress ?? '';
    if (!trust(peer, 0)) {
      const address = addressKey(peer);
      if (!flood.acceptTcp(address)) return void sock.destroy();
      sock.once('close', () => flood.tcpClosed(address));
    }
    park?.add(sock);
  });
  const bot = opts.bot ?? serverBot(config.botThreads, log);
  // A cluster (PostgreSQL and Redis): each match runs on the one node holding its lease (cluster/ownership.ts).
  const ownership =
    cluster && storage.leases
      ? new Ownership(
          storage.leases,
          config.nodeId,
          (c) => metrics.ownershipChanged(c),
          log,
          () => clock.now(),
        )
      : null;
  // Per-node delivery (issue 33 §4, cluster/node-link.ts): forwards, their answers and views to other nodes'
  // sockets go to one node's stream, found through the room directory; the adapter keeps the rest.
  const link = cluster ? new RedisNodeLink(config.nodeId, cluster.adapterClient(), cluster.adapterClient().duplicate(), log) : null;
  const direct = cluster && link ? { link, directory: new RedisRoomDirectory(cluster.client, config.nodeId) } : null;
  game = new GameServer({
    config,
    clock,
    log,
    storage,
    writer,
    transport,
    flood,
    users: new Users(storage, () => clock.now()),
    pool: cardPool,
    bot: metrics.timedBot(bot),
    metrics: metrics.master,
    ownership,
    router: cluster ? new RoomRouter(io as unknown as RouterBus, config.nodeId, log, direct) : null,
  });
  if (direct) {
    const g = game;
    transport.routeRemote((ids, event, payload) => g.routeRemote(ids, event, payload));
    g.onRemoteEmit((ids, event, payload) => transport.emitLocal(ids, event, payload));
  }
  // The lobby list across nodes: one shared list in Redis, each node writing its rooms' changes (issue 33 §4).
  const lobbyFeed = cluster ? new RedisLobbyFeed(cluster.client, config.nodeId, log) : null;
  if (lobbyFeed) game.lobby.attachFeed(lobbyFeed);
  const restored = await game.restore();
  const reviewsResumed = await reviews.start();
  ownership?.start((matchId) => game!.takeOver(matchId));

  // Before the public port: a metrics port that cannot be bound stops the start before any client is let in.
  const metricsListener = config.metricsPort === null ? null : await startMetricsListener(metrics.registry, config.metricsHost, config.metricsPort, log);
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  log.info(
    {
      port,
      node: config.nodeId,
      cluster: cluster !== null,
      db: config.dbPath,
      dbSync: config.dbSync,
      bot: bot.name,
      botThreads: config.botThreads,
      restored,
      reviewProcesses: config.reviews.processes,
      reviewsResumed,
      webDist: config.webDist,
    },
    'server listening',
  );

  let stopping: Promise<void> | null = null;
  const stop = (): Promise<void> =>
    (stopping ??= (async () => {
      log.info('shutting down');
      http.close(); // no new connections; existing sockets are told and closed below
      await metricsListener?.close();
      await game!.shutdown();
      await reviews.close();
      lobbyFeed?.close(); // the other nodes drop our rooms from their lists now rather than at expiry
      transport.flush(); // views of the last queued actions
      // Closing the engine drops every connection at the transport level, which clients treat as a network
      // blip and reconnect from (a server-side `disconnect()` would tell them not to come back).
      const closed = new Promise<void>((resolve) => io.close(() => resolve()));
      // A WebSocket waits for its peer's close frame before it lets go of the connection, and the read gate drops
      // what a closing socket sends: the HTTP server would wait for every peer's own timeout (30 s). What we had
      // to say is written by now; the connections that are left go after a moment to let it leave.
      setTimeout(() => {
        for (const c of tcp) c.destroy();
      }, 1_000).unref();
      await closed;
      http.closeAllConnections();
      // Every queue has drained (game.shutdown), so nothing is left to append; commit anything that is.
      await writer.flush(true);
      link?.close();
      await Promise.all([storage.close(), bot.close(), redis?.close()]);
      log.info('stopped');
    })());

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    metricsPort: metricsListener?.port ?? null,
    metrics,
    reviews,
    game,
    transport,
    park,
    storage,
    writer,
    log,
    stop,
  };
}
