/**
 * Every room in memory, and the lobby's live list: public rooms waiting or in progress, and public matches
 * finished in the last `finishedTtlMs`. Private rooms are never listed (their id is the invitation).
 * Changes are coalesced: at most one push per `PUSH_EVERY_MS`, however many rooms changed.
 * In a cluster (cluster/lobby-feed.ts) the list also holds the public rooms other nodes run: each node publishes
 * its own (coalesced the same way) and merges what the others last published.
 */
import type { LobbyRooms } from '@vroyale/protocol';
import type { LobbyFeed } from '../cluster/lobby-feed.js';
import type { Clock, TimerHandle } from '../time/clock.js';
import type { Transport } from '../transport/transport.js';
import type { Room } from './room.js';

const PUSH_EVERY_MS = 250;
const SWEEP_EVERY_MS = 60_000;
const MAX_LISTED = 200;
/** How long a built list is reused while no room changes (finished rooms age out of it within this). */
const LIST_REUSE_MS = 1_000;

export class Lobby {
  readonly rooms = new Map<string, Room>();
  private readonly subscribers = new Set<string>();
  private pushTimer: TimerHandle | null = null;
  private sweepTimer: TimerHandle | null = null;
  /** Building the list walks every room (20,000 at most): a subscribe between changes reuses the last one. */
  private built: { at: number; list: LobbyRooms } | null = null;
  private publishTimer: TimerHandle | null = null;
  private feed: LobbyFeed | null = null;

  constructor(
    private readonly transport: Transport,
    private readonly clock: Clock,
    private readonly ttl: { finishedMs: number; idleMs: number },
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
    feed.onRemoteChange(() => this.pushSoon());
    this.publishSoon();
  }

  /** This node's public rooms as other nodes list them (the same filter, order and bound as our own list). */
  localList(): LobbyRooms['rooms'] {
    const now = this.clock.now();
    return [...this.rooms.values()]
      .filter((r) => r.visibility === 'public' && (r.status !== 'finished' || (r.finishedAt !== null && now - r.finishedAt < this.ttl.finishedMs)))
      .map((r) => r.summary())
      .sort(order)
      .slice(0, MAX_LISTED);
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
    const rooms = remote.length > 0 ? [...local, ...remote].sort(order).slice(0, MAX_LISTED) : local;
    this.built = { at: now, list: { rooms } };
    return this.built.list;
  }

  /** A room changed in a way the lobby shows: push the list soon (once for a burst of changes). */
  changed(): void {
    this.publishSoon();
    this.pushSoon();
  }

  private publishSoon(): void {
    if (!this.feed || this.publishTimer) return;
    this.publishTimer = this.clock.setTimeout(() => {
      this.publishTimer = null;
      this.feed?.publish(this.localList());
    }, PUSH_EVERY_MS);
  }

  private pushSoon(): void {
    this.built = null;
    if (this.pushTimer || this.subscribers.size === 0) return;
    this.pushTimer = this.clock.setTimeout(() => {
      this.pushTimer = null;
      if (this.subscribers.size > 0) this.transport.send([...this.subscribers], 'lobby:rooms', this.list());
    }, PUSH_EVERY_MS);
  }

  /**
   * Drops rooms nobody needs in memory any more (they stay in the database). A finished room goes `finishedMs`
   * after its end even when sockets are still in it: the web app leaves a room only by its Leave button, so a tab
   * that moved on otherwise kept every room it played or watched in memory for as long as it stayed open (found
   * by the soak benchmark, docs/soak.md).
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
    if (dropped) this.changed();
  }

  private scheduleSweep(): void {
    this.sweepTimer = this.clock.setTimeout(() => {
      this.sweep();
      this.scheduleSweep();
    }, SWEEP_EVERY_MS);
  }

  stop(): void {
    if (this.pushTimer) this.clock.clearTimeout(this.pushTimer);
    if (this.sweepTimer) this.clock.clearTimeout(this.sweepTimer);
    if (this.publishTimer) this.clock.clearTimeout(this.publishTimer);
    this.pushTimer = this.sweepTimer = this.publishTimer = null;
  }
}

/** Waiting rooms first (they need players), then live matches, then results; newest first within each. */
function order(a: LobbyRooms['rooms'][number], b: LobbyRooms['rooms'][number]): number {
  return rank(a.status) - rank(b.status) || b.createdAt - a.createdAt;
}

function rank(status: string): number {
  return status === 'waiting' ? 0 : status === 'active' ? 1 : 2;
}
