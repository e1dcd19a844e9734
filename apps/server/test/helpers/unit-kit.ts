/**
 * What the unit tests of a `MatchMaster` and a `Room` build them with, without a server or a socket: an
 * in-memory SQLite store, the manual clock, a transport that records every send, an action log that can hold
 * or fail an append, and a lease holder that records what the master tells it. One `journal` lists, in order,
 * what each of them saw, so a test reads "the row was committed, then the ack, then the views" off one list.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { createGame, type GameState, type ManagerId, type Roster, type Viewer } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS, type ClockConfig, type MatchKind, type MatchResult } from '@vroyale/protocol';
import { Writable } from 'node:stream';
import { inlineBot, type ServerBot } from '../../src/bots/server-bot.js';
import { defaultConfig } from '../../src/config.js';
import { Users } from '../../src/identity/users.js';
import { createLogger } from '../../src/logger.js';
import type { MasterOwnership, MasterRoom } from '../../src/master/match-master.js';
import type { RoomDeps } from '../../src/rooms/room.js';
import type { MatchRecord, Occupant, RoomRecord } from '../../src/storage/records.js';
import { SqliteStore } from '../../src/storage/sqlite/sqlite-store.js';
import type { ActionLog, AppendAction, Store } from '../../src/storage/store.js';
import { ManualClock } from '../../src/time/manual-clock.js';
import type { ServerEvent, ServerPayload, Transport } from '../../src/transport/transport.js';

export type Journal = string[];

export interface Sent {
  to: string[];
  event: ServerEvent;
  payload: unknown;
}

/** Records every send (and its place in the journal); nothing goes anywhere. */
export class RecordingTransport implements Transport {
  readonly sent: Sent[] = [];
  constructor(private readonly journal: Journal) {}
  send<E extends ServerEvent>(to: string | readonly string[], event: E, payload: ServerPayload<E>): void {
    const ids = typeof to === 'string' ? [to] : [...to];
    this.sent.push({ to: ids, event, payload });
    this.journal.push(`send ${event} ${ids.join(',')}`);
  }
  of(event: ServerEvent): Sent[] {
    return this.sent.filter((s) => s.event === event);
  }
  flush(): void {}
  disconnect(): void {}
  gate(): void {}
  onMessage(): void {}
}

/**
 * The store's real group commit, with two handles for tests: `hold()` keeps the next appends waiting until
 * released, `failNext(e)` rejects the next append with `e` (`landed`: after writing it, as a COMMIT whose answer
 * was lost; otherwise nothing is written).
 */
export class ScriptedLog implements ActionLog {
  private gate: Promise<void> | null = null;
  private failure: { error: unknown; landed: boolean } | null = null;
  readonly rows: AppendAction[] = [];
  readonly units: AppendAction[][] = [];
  constructor(
    private readonly inner: ActionLog,
    private readonly journal: Journal,
  ) {}

  hold(): () => void {
    let release!: () => void;
    this.gate = new Promise<void>((r) => (release = r));
    return () => {
      this.gate = null;
      release();
    };
  }

  failNext(error: unknown, landed = false): void {
    this.failure = { error, landed };
  }

  append(row: AppendAction): Promise<void> {
    return this.appendUnit([row]);
  }
  /** Journals a unit as `append 3+4+5` (one row: `append 3`); `units` keeps each unit's rows. */
  async appendUnit(rows: readonly AppendAction[]): Promise<void> {
    const seqs = rows.map((r) => r.seq).join('+');
    this.journal.push(`append ${seqs}`);
    this.rows.push(...rows);
    this.units.push([...rows]);
    if (this.gate) await this.gate;
    const f = this.failure;
    this.failure = null;
    if (f) {
      if (f.landed) await this.inner.appendUnit(rows);
      this.journal.push(`failed ${seqs}`);
      throw f.error;
    }
    try {
      await this.inner.appendUnit(rows);
    } catch (e) {
      this.journal.push(`failed ${seqs}`);
      throw e;
    }
    this.journal.push(`commit ${seqs}`);
  }
  flush(wait?: boolean): Promise<void> {
    return this.inner.flush(wait);
  }
  get queued(): number {
    return this.inner.queued;
  }
  stats() {
    return this.inner.stats();
  }
  resetTimings(): void {
    this.inner.resetTimings();
  }
}

/** A cluster node's leases as the master and the room use them, recording each call. */
export class RecordingOwnership implements MasterOwnership {
  writable = true;
  constructor(private readonly journal: Journal) {}
  mayWrite(): boolean {
    return this.writable;
  }
  lost(matchId: string): void {
    this.journal.push(`lost ${matchId}`);
  }
  giveBack(matchId: string): void {
    this.journal.push(`give-back ${matchId}`);
  }
  async acquire(matchId: string): Promise<boolean> {
    this.journal.push(`acquire ${matchId}`);
    return true;
  }
  async release(matchIds: readonly string[]): Promise<void> {
    this.journal.push(`release ${matchIds.join(',')}`);
  }
}

/** A store whose named methods are replaced (a refused match start, a draw that cannot be saved); the rest is the real store. */
export function storeWith(store: Store, overrides: Partial<Store>): Store {
  return new Proxy(store, {
    get: (target, key, receiver) => (key in overrides ? overrides[key as keyof Store] : Reflect.get(target, key, receiver)),
  });
}

export interface Kit {
  journal: Journal;
  clock: ManualClock;
  store: SqliteStore;
  writer: ScriptedLog;
  transport: RecordingTransport;
  /** Every log line, parsed (the level and the message are what tests look at). */
  logs: { level: number; msg: string; [k: string]: unknown }[];
  deps: RoomDeps;
  /** Matches `rebuild` was asked for (a single node whose log is ahead). */
  rebuilt: string[];
  close(): void;
}

export async function unitKit(opts: { ownership?: RecordingOwnership | 'cluster'; bot?: ServerBot } = {}): Promise<Kit> {
  const journal: Journal = [];
  const clock = new ManualClock();
  const store = await SqliteStore.open(':memory:');
  const writer = new ScriptedLog(store.writer, journal);
  const transport = new RecordingTransport(journal);
  const logs: Kit['logs'] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs.push(JSON.parse(chunk.toString()));
      done();
    },
  });
  const log = createLogger('info', sink);
  const rebuilt: string[] = [];
  const ownership = opts.ownership === 'cluster' ? new RecordingOwnership(journal) : (opts.ownership ?? null);
  const deps: RoomDeps = {
    storage: store,
    writer,
    clock,
    log,
    config: defaultConfig({ botDelayMs: 100, seatHoldMs: 10_000 }),
    transport,
    bot: opts.bot ?? inlineBot(),
    // Every human seat is asked everything: no automatic pass moves a match the test did not move.
    stopsOf: () => ({ ...DEFAULT_STOP_SETTINGS, fullControl: true }),
    ownership,
    rebuild: (id) => void rebuilt.push(id),
    pool: cardPool,
    users: new Users(store, () => clock.now()),
    blocks: { blockedBy: () => new Set() },
    onRoomChanged: () => {},
  };
  return { journal, clock, store, writer, transport, logs, deps, rebuilt, close: () => store.closeNow() };
}

export function roster(id = 'raid-night'): Roster {
  const s = starterRosters.find((r) => r.id === id)!;
  return { centre: s.centre, cards: [...s.cards] };
}

export function occupant(name: string, bot = false): Occupant {
  return { userId: `u_${name}`, name: bot ? 'Bot (easy)' : name, roster: roster(), rosterLabel: 'raid-night', bot };
}

/** A room and its match as the store holds them when the match starts (the rows a storage test needs). */
export function matchRows(
  id: string,
  o: { seats?: { A: Occupant; B: Occupant }; clock?: ClockConfig; kind?: MatchKind; at?: number } = {},
): { room: RoomRecord; match: MatchRecord } {
  const seats = o.seats ?? { A: occupant('ann'), B: occupant('bob') };
  const at = o.at ?? 0;
  const match: MatchRecord = {
    id,
    roomId: `r_${id}`,
    seed: 'unit-seed',
    rosters: { A: seats.A.roster, B: seats.B.roster },
    seats,
    status: 'active',
    result: null,
    clocks: { A: 60_000, B: 60_000 },
    createdAt: at,
    kind: o.kind ?? 'room',
    endedAt: null,
  };
  const room: RoomRecord = {
    id: match.roomId,
    visibility: 'private',
    status: 'active',
    clock: o.clock ?? { initialMs: 60_000, incrementMs: 0 },
    seats,
    matchId: id,
    createdAt: at,
    kind: match.kind,
  };
  return { room, match };
}

/** A started match (its rows committed) and its engine state at seq 0. */
export async function startedMatch(
  kit: Kit,
  opts: { clock?: ClockConfig; kind?: MatchKind; botB?: boolean } = {},
): Promise<{ match: MatchRecord; state: GameState }> {
  const id = `m_${Math.random().toString(36).slice(2)}`;
  const { room, match } = matchRows(id, {
    seats: { A: occupant('ann'), B: occupant('bob', opts.botB) },
    clock: opts.clock,
    kind: opts.kind,
    at: kit.clock.now(),
  });
  await kit.store.startMatch(room, match, kit.clock.now());
  const created = createGame({ seed: match.seed, pool: cardPool, rosters: match.rosters });
  if (!created.ok) throw new Error(created.message);
  return { match, state: created.state };
}

/** The master's side of a room: a fixed set of sockets, and what the master told it. */
export class FakeRoom implements MasterRoom {
  readonly ended: MatchResult[] = [];
  progressed = 0;
  constructor(
    readonly roomId: string,
    readonly clockConfig: ClockConfig,
    private readonly journal: Journal,
    readonly sockets: { socketId: string; viewer: Viewer }[] = [
      { socketId: 'sA', viewer: 'A' },
      { socketId: 'sB', viewer: 'B' },
      { socketId: 'sS', viewer: 'spectator' },
    ],
  ) {}
  viewers() {
    return this.sockets;
  }
  onMatchEnded(result: MatchResult): void {
    this.ended.push(result);
    this.journal.push(`ended ${result.winner}`);
  }
  onProgress(): void {
    this.progressed++;
  }
}

/** Lets promise callbacks and the group commit's `setImmediate` run. */
export async function settle(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) await new Promise((r) => setImmediate(r));
}

/** Rows stored for a match, read straight from the database (synchronous: usable inside a send or an ack). */
export function storedSeq(store: SqliteStore, matchId: string): number {
  return Number((store.db.prepare('SELECT COALESCE(MAX(seq), 0) AS n FROM actions WHERE match_id = ?').get(matchId) as { n: number }).n);
}

export const SEATS: readonly ManagerId[] = ['A', 'B'];
