/**
 * The node's Prometheus metrics (issue 19 §4; docs/metrics.md lists each one). prom-client, in a registry of
 * this server's own: tests run several servers in one process, and the library's global default registry
 * would refuse the second server's metrics of the same name (or mix two servers' numbers).
 *
 * Two kinds of numbers: those measured where they happen (the master's latency histograms, the ownership
 * counter) and those read on scrape from state the server keeps anyway (rooms, sockets, flood and storage
 * counters): a gauge kept up to date on every change would put work on the hot path for a number read every
 * 15 s at most.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ServerBot } from '../bots/server-bot.js';
import { SOCKET_CLASSES, type SocketClass } from '../net/socket-class.js';

/** What the scrape reads (server.ts gives it; each returns the current value). */
export interface MetricSources {
  rooms(): Iterable<{ status: string; seats: { A: { bot: boolean } | null; B: { bot: boolean } | null } }>;
  sockets(): number;
  /** This node's sockets by class (net/socket-class.ts), null before the game server exists. */
  socketClasses(): Record<SocketClass, number> | null;
  /** Admission control (net/admission.ts): messages deferred since start by class, and sockets waiting now. */
  admission(): {
    deferred: Record<SocketClass, number>;
    waiting: number;
    handshakesDeferred: number;
    /** Messages refused from their frame's head, never parsed by ws, engine.io or Socket.IO. */
    refusedUnparsed: number;
    /** Read parking (transport/read-park.ts): sockets parked now, grants since start, ticks that granted, grants that read bytes. */
    parked: number;
    grants: number;
    grantTicks: number;
    grantsRead: number;
  };
  flood(): { kicks: number; refusedConnections: number; refusedMessages: number; droppedTcp: number } | null;
  /** Group-commit and checkpoint counters since start (null while nothing reports them). */
  storage(): { commits: number; appends: number; checkpoints: number } | null;
}

/** What the match master records (MasterDeps.metrics). */
export interface MasterMetrics {
  /** From the master taking a change off its queue to the last view handed to the transport. */
  actionToBroadcast(origin: string, seconds: number): void;
  /** The awaited append of one action: from the call to its group commit's COMMIT. */
  commit(seconds: number, ok: boolean): void;
}

/** Sub-millisecond to seconds: an action is ~1 ms on an idle node, a stalled commit can take seconds. */
const LATENCY_BUCKETS = [0.0005, 0.001, 0.002, 0.003, 0.005, 0.0075, 0.01, 0.015, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** Why a node gained or lost a match (issue 19 §2-3; the ownership code increments these). */
export const OWNERSHIP_CHANGES = ['acquired', 'released', 'taken-over', 'lost'] as const;
export type OwnershipChange = (typeof OWNERSHIP_CHANGES)[number];

export interface NodeMetrics {
  readonly registry: Registry;
  readonly master: MasterMetrics;
  ownershipChanged(change: OwnershipChange): void;
  /** An event-loop turn that admitted messages ended: its wall time from the first message, and the messages. */
  admissionTurn(ms: number, messages: number): void;
  /** A WebSocket frame fed to its parser: how long it waited since its bytes arrived, by its socket's class. */
  readWait(cls: SocketClass, ms: number): void;
  /** The same bot, its decisions timed (`vroyale_bot_decision_seconds`). */
  timedBot(bot: ServerBot): ServerBot;
}

/** A counter whose value is a running total kept elsewhere: set on scrape. */
function totalCounter(registry: Registry, name: string, help: string, read: () => number | undefined): void {
  new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const v = read();
      if (v === undefined) return;
      this.reset();
      this.inc(v);
    },
  });
}

export function createNodeMetrics(sources: MetricSources): NodeMetrics {
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*; the percentiles cover the time since the previous scrape), CPU,
  // memory, GC, handles.
  collectDefaultMetrics({ register: registry });

  const actionHist = new Histogram({
    name: 'vroyale_action_to_broadcast_seconds',
    help: 'A match change (player action, bot move, automatic pass, flag fall, abandon) with the automatic passes it set off (one unit, labelled by its first action): taken off the match queue → last view handed to the transport. Committed changes only.',
    labelNames: ['origin'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const commitHist = new Histogram({
    name: 'vroyale_commit_seconds',
    help: "One unit's append (an action and the automatic passes it set off), as the master awaits it: call → its group commit's COMMIT (or failure).",
    labelNames: ['result'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const actionByOrigin = new Map<string, { observe(v: number): void }>();
  const commitByResult = new Map<string, { observe(v: number): void }>();
  const ownership = new Counter({
    name: 'vroyale_ownership_changes_total',
    help: 'Matches this node started or stopped running, by reason.',
    labelNames: ['change'],
    registers: [registry],
  });
  for (const change of OWNERSHIP_CHANGES) ownership.inc({ change }, 0);

  new Gauge({
    name: 'vroyale_matches_live',
    help: 'Matches in progress on this node, by opponent (a person or the server bot).',
    labelNames: ['opponent'],
    registers: [registry],
    collect() {
      let human = 0;
      let bot = 0;
      for (const r of sources.rooms()) {
        if (r.status !== 'active') continue;
        if (r.seats.A?.bot || r.seats.B?.bot) bot++;
        else human++;
      }
      this.set({ opponent: 'human' }, human);
      this.set({ opponent: 'bot' }, bot);
    },
  });
  new Gauge({
    name: 'vroyale_rooms',
    help: 'Rooms in memory on this node, by status (waiting, active, finished and still listed).',
    labelNames: ['status'],
    registers: [registry],
    collect() {
      const counts: Record<string, number> = { waiting: 0, active: 0, finished: 0 };
      for (const r of sources.rooms()) counts[r.status] = (counts[r.status] ?? 0) + 1;
      for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
    },
  });
  new Gauge({
    name: 'vroyale_sockets',
    help: 'Socket.IO connections open on this node.',
    registers: [registry],
    collect() {
      this.set(sources.sockets());
    },
  });

  new Gauge({
    name: 'vroyale_sockets_by_class',
    help: 'Socket.IO connections open on this node by class: seated (a manager in a live match), watching (in a room), identified (said hello, in no room), new (before hello).',
    labelNames: ['class'],
    registers: [registry],
    collect() {
      const n = sources.socketClasses();
      if (n) for (const c of SOCKET_CLASSES) this.set({ class: c }, n[c]);
    },
  });
  new Counter({
    name: 'vroyale_admission_deferred_total',
    help: "Messages admission control made wait for a later event-loop turn (the turn's budget, or their class's share of it, was spent), by the socket's class.",
    labelNames: ['class'],
    registers: [registry],
    collect() {
      const d = sources.admission().deferred;
      this.reset();
      for (const c of SOCKET_CLASSES) this.inc({ class: c }, d[c]);
    },
  });
  new Gauge({
    name: 'vroyale_admission_waiting_sockets',
    help: 'Sockets whose messages wait for a later event-loop turn now (not read meanwhile).',
    registers: [registry],
    collect() {
      this.set(sources.admission().waiting);
    },
  });
  totalCounter(
    registry,
    'vroyale_admission_handshakes_deferred_total',
    'New connections whose handshake waited for a later event-loop turn (more than the turn allows arrived at once).',
    () => sources.admission().handshakesDeferred,
  );
  totalCounter(
    registry,
    'vroyale_admission_refused_unparsed_total',
    "Messages refused from their WebSocket frame's head (rate limit, not identified, no room), answered with one frame and never parsed.",
    () => sources.admission().refusedUnparsed,
  );
  new Gauge({
    name: 'vroyale_admission_parked_sockets',
    help: 'TCP connections whose reads are parked now (before hello or in no room): read only when granted, a batch per tick.',
    registers: [registry],
    collect() {
      this.set(sources.admission().parked);
    },
  });
  totalCounter(
    registry,
    'vroyale_admission_read_grants_total',
    'Reads granted to parked sockets (each: one poll phase of reading).',
    () => sources.admission().grants,
  );
  totalCounter(
    registry,
    'vroyale_admission_read_grant_ticks_total',
    'Ticks that granted parked sockets a read (grants per tick: the ratio of the two).',
    () => sources.admission().grantTicks,
  );
  totalCounter(registry, 'vroyale_admission_read_grants_used_total', 'Grants that found bytes to read.', () => sources.admission().grantsRead);
  const turnHist = new Histogram({
    name: 'vroyale_admission_turn_seconds',
    help: "Event-loop turns that decoded messages: wall time from the turn's first message to its end (the work admission control budgets).",
    buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const readWaitHist = new Histogram({
    name: 'vroyale_read_wait_seconds',
    help: "A WebSocket frame, from its bytes' arrival to being parsed (admission control's wait; a backlog's later frames counted from its first byte), by the socket's class when the bytes came.",
    labelNames: ['class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const readWaitByClass = new Map<SocketClass, { observe(v: number): void }>();
  const turnMessages = new Histogram({
    name: 'vroyale_admission_turn_messages',
    help: 'Messages decoded in one event-loop turn (turns that had any).',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000],
    registers: [registry],
  });

  totalCounter(registry, 'vroyale_flood_kicks_total', 'Sockets disconnected for flooding (10 refusals).', () => sources.flood()?.kicks);
  totalCounter(
    registry,
    'vroyale_flood_refused_connections_total',
    'Handshakes refused by the flood guard (penalty box, sockets or connects per address).',
    () => sources.flood()?.refusedConnections,
  );
  totalCounter(
    registry,
    'vroyale_flood_refused_messages_total',
    'Messages refused rate-limited (per socket, session or address).',
    () => sources.flood()?.refusedMessages,
  );
  totalCounter(
    registry,
    'vroyale_flood_dropped_tcp_total',
    'TCP connections closed at accept (penalty box or too many from one address).',
    () => sources.flood()?.droppedTcp,
  );
  totalCounter(registry, 'vroyale_group_commits_total', 'Group-commit transactions.', () => sources.storage()?.commits);
  totalCounter(registry, 'vroyale_committed_actions_total', 'Actions appended through group commit.', () => sources.storage()?.appends);
  totalCounter(registry, 'vroyale_wal_checkpoints_total', 'SQLite WAL checkpoints run by the checkpoint thread.', () => sources.storage()?.checkpoints);

  const botHist = new Histogram({
    name: 'vroyale_bot_decision_seconds',
    help: "One server-bot decision (worker thread or inline), by level; 'failed' when the bot threw and the master played a safe action.",
    labelNames: ['level', 'result'],
    // The search levels stop on an iteration budget or at 1 s / 3 s (docs/bots.md).
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5, 10],
    registers: [registry],
  });

  return {
    registry,
    timedBot: (bot) => ({
      name: bot.name,
      close: () => bot.close(),
      async decide(input, level) {
        const end = botHist.startTimer({ level: level ?? 'normal' });
        try {
          const action = await bot.decide(input, level);
          end({ result: 'ok' });
          return action;
        } catch (e) {
          end({ result: 'failed' });
          throw e;
        }
      },
    }),
    master: {
      // Per action: the labelled series are looked up once, not hashed from a labels object every time.
      actionToBroadcast: (origin, seconds) => {
        let h = actionByOrigin.get(origin);
        if (!h) actionByOrigin.set(origin, (h = actionHist.labels({ origin })));
        h.observe(seconds);
      },
      commit: (seconds, ok) => {
        const result = ok ? 'ok' : 'failed';
        let h = commitByResult.get(result);
        if (!h) commitByResult.set(result, (h = commitHist.labels({ result })));
        h.observe(seconds);
      },
    },
    ownershipChanged: (change) => ownership.inc({ change }),
    admissionTurn: (ms, messages) => {
      turnHist.observe(ms / 1000);
      turnMessages.observe(messages);
    },
    readWait: (cls, ms) => {
      let h = readWaitByClass.get(cls);
      if (!h) readWaitByClass.set(cls, (h = readWaitHist.labels({ class: cls })));
      h.observe(ms / 1000);
    },
  };
}
