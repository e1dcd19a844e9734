/**
 * Every room in memory, and the lobby's lists (protocol `LobbyRooms`): `rooms`, public rooms waiting for players
 * and live matches anyone may watch (`Room.listed`: public rooms, ranked, casual, challenges, bot matches being
 * played; never a private room or the tutorial), and `recent`, the last few of those that finished within
 * `finishedTtlMs`. A finished room is never in `rooms`.
 * Changes are coalesced: at most one push per `PUSH_EVERY_MS` however many rooms changed, and a match only moving
 * to its next turn waits up to `PROGRESS_EVERY_MS` (turns change often across many matches; the list is small).
 * In a cluster (cluster/lobby-feed.ts) the lists also hold the rooms other nodes run: each node publishes its own
 * (coalesced the same way) and merges what the others last published.
 * The minute's sweep drops rooms nobody needs in memory and ends bot matches nobody played for a long while
 * (rooms/idle-bot-matches.ts).
 */
import { LOBBY_RECENT, type LobbyRooms, type RoomSummary } from '@vroyale/protocol';
import type { LobbyFeed } from '../cluster/lobby-feed.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import { endIdleBotMatches, type IdleLimits } from './idle-bot-matches.js';
import type { Room } from './room.js';

const PUSH_EVERY_MS = 250;
const PROGRESS_EVERY_MS = 2_000;
const SWEEP_EVERY_MS = 60_000;
const MAX_LISTED = 200;
/** How long a built list is reused while no room changes (finished rooms age out of it within this). */
const LIST_REUSE_MS = 1_000;

/** A pending coalesced send: its timer and when it fires (an earlier request moves it forward). */
interface Pending {
  timer: TimerHandle;
  at: number;
}

export class Lobby {
  readonly rooms = new Map<string, Room>();
  private readonly subscribers = new Set<string>();
  private push: Pending | null = null;
  private publish: Pending | null = null;
  private sweepTimer: TimerHandle | null = null;
  /** Building the list walks every room (20,000 at most): a subscribe between changes reuses the last one. */
  private built: { at: number; list: LobbyRooms } | null = null;
  private feed: LobbyFeed | null = null;
  /** The bot matches listed at the last sweep: one going quiet (or waking) changes the list without a room change. */
  private listedBots = '';

  constructor(
    private readonly transport: Transport,
    private readonly clock: Clock,
    private readonly ttl: { finishedMs: number; idleMs: number } & IdleLimits,
    /**
     * Told of every room the sweep drops, so indexes of rooms (rooms/user-rooms.ts) and the sockets still in a
     * finished one forget it too.
     */
    private readonly onDrop: (roomId: string, room: Room) => void = () => {},
  ) {
    this.scheduleSweep();
  }

  add(room: Room): void {
    this.rooms.set(room.roomId, room);
    this.changed();
  }

  get(roomId: string): Room | undefined {
    return this.rooms.get(roomId);
  }

  /** Cluster mode: publish this node's rooms through `feed` and merge the other nodes' lists into ours. */
  attachFeed(feed: LobbyFeed): void {
    this.feed = feed;
    feed.onRemoteChange(() => this.pushSoon(PUSH_EVERY_MS));
    this.publishSoon(PUSH_EVERY_MS);
  }

  /** This node's listed rooms, live and recently finished (what other nodes merge: the same filter and bound). */
  localList(): RoomSummary[] {
    const now = this.clock.now();
    const out: RoomSummary[] = [];
    for (const r of this.rooms.values()) {
      if (r.status === 'finished' ? r.kind !== 'bot' && r.listed(now) && r.finishedAt !== null && now - r.finishedAt < this.ttl.finishedMs : r.listed(now))
        out.push(r.summary());
    }
    return split(out).flat();
  }

  subscribe(socketId: string): LobbyRooms {
    this.subscribers.add(socketId);
    return this.list();
  }

  unsubscribe(socketId: string): void {
    this.subscribers.delete(socketId);
  }

  list(): LobbyRooms {
    const now = this.clock.now();
    if (this.built && now - this.built.at < LIST_REUSE_MS) return this.built.list;
    const local = this.localList();
    // A room can show up from two nodes for a moment (one just lost or handed over its match): listed once.
    const seen = new Set(local.map((r) => r.roomId));
    const remote = this.feed?.remoteRooms().filter((r) => !seen.has(r.roomId) && (seen.add(r.roomId), true)) ?? [];
    const [rooms, recent] = split([...local, ...remote]);
    this.built = { at: now, list: { rooms, recent } };
    return this.built.list;
  }

  /** A room changed in a way the lobby shows: push the list soon (once for a burst of changes). */
  changed(): void {
    this.publishSoon(PUSH_EVERY_MS);
    this.pushSoon(PUSH_EVERY_MS);
  }

  /** A listed match moved to its next turn: the same, only later (a few turn changes share one push). */
  progressed(): void {
    this.publishSoon(PROGRESS_EVERY_MS);
    this.pushSoon(PROGRESS_EVERY_MS);
  }

  private publishSoon(ms: number): void {
    if (!this.feed) return;
    this.publish = this.schedule(this.publish, ms, () => {
      this.publish = null;
      this.feed?.publish(this.localList());
    });
  }

  private pushSoon(ms: number): void {
    this.built = null;
    if (this.subscribers.size === 0) return;
    this.push = this.schedule(this.push, ms, () => {
      this.push = null;
      if (this.subscribers.size > 0) this.transport.send([...this.subscribers], 'lobby:rooms', this.list());
    });
  }

  /** Runs `fn` in `ms`, unless `pending` already fires by then. */
  private schedule(pending: Pending | null, ms: number, fn: () => void): Pending {
    const at = this.clock.now() + ms;
    if (pending && pending.at <= at) return pending;
    if (pending) this.clock.clearTimeout(pending.timer);
    return { timer: this.clock.setTimeout(fn, ms), at };
  }

  /**
   * Drops rooms nobody needs in memory any more (they stay in the database) and ends bot matches nobody played
   * for a long while. A finished room goes `finishedMs` after its end even when sockets are still in it: the web
   * app leaves a room only by its Leave button, so a tab that moved on otherwise kept every room it played or
   * watched in memory for as long as it stayed open (found by the soak benchmark, docs/soak.md).
   */
  sweep(): void {
    const now = this.clock.now();
    let dropped = false;
    for (const [id, r] of this.rooms) {
      const stale = r.status === 'finished' && r.finishedAt !== null && now - r.finishedAt > this.ttl.finishedMs;
      if (stale || r.isIdle(now, this.ttl.idleMs)) {
        this.rooms.delete(id);
        this.onDrop(id, r);
        dropped = true;
      }
    }
    endIdleBotMatches(this.rooms.values(), now, this.ttl);
    const bots = [...this.rooms.values()]
      .filter((r) => r.kind === 'bot' && r.status === 'active' && r.listed(now))
      .map((r) => r.roomId)
      .join();
    if (dropped || bots !== this.listedBots) this.changed();
    this.listedBots = bots;
  }

  private scheduleSweep(): void {
    this.sweepTimer = this.clock.setTimeout(() => {
      this.sweep();
      this.scheduleSweep();
    }, SWEEP_EVERY_MS);
  }

  stop(): void {
    for (const p of [this.push, this.publish]) if (p) this.clock.clearTimeout(p.timer);
    if (this.sweepTimer) this.clock.clearTimeout(this.sweepTimer);
    this.push = this.publish = null;
    this.sweepTimer = null;
  }
}

/**
 * Live rooms (waiting rooms first: they need players; then matches between people; then bot matches; newest first
 * within each; at most `MAX_LISTED`) and recent results (the latest `LOBBY_RECENT` to end).
 */
function split(all: RoomSummary[]): [RoomSummary[], RoomSummary[]] {
  const live = all.filter((r) => r.status !== 'finished').sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt);
  // A best-of-three is one result: its last game's room, once the match is decided (an earlier game is not).
  const decided = (r: RoomSummary) => !r.series || (r.series.over && r.series.game === r.series.games);
  const recent = all.filter((r) => r.status === 'finished' && decided(r)).sort((a, b) => (b.endedAt ?? 0) - (a.endedAt ?? 0));
  return [live.slice(0, MAX_LISTED), recent.slice(0, LOBBY_RECENT)];
}

function rank(r: RoomSummary): number {
  return r.status === 'waiting' ? 0 : r.seats.A?.bot || r.seats.B?.bot ? 2 : 1;
}
