/**
 * The lobby list across nodes as one shared structure in Redis (issue 33 §4). Before, each node sent its whole
 * list of listed rooms to every node (through the adapter, until issue 33): Redis carried lists × nodes, which
 * grows with matches × nodes. Here each node writes only what changed among its own rooms (a hash of summaries
 * and two sorted sets in the lobby's order: live rooms, recent results), and each node reads the top of those
 * sets, what its lobby shows (`MAX_LISTED` live rooms, `LOBBY_RECENT` results), every `POLL_MS` while its lobby is
 * watched (every `IDLE_MS` otherwise): writes grow with the rooms' changes, reads with the nodes, neither with
 * their product.
 *
 * Liveness: each node process (its id and a random suffix: a node restarted under the same id is another
 * writer) keeps a key `vroyale:lobby:alive:<writer>` that expires `EXPIRE_MS` after its last refresh; a reader
 * leaves out (and deletes) the rooms of a writer whose key is gone (a node killed with -9 leaves the lobby within
 * that); a node stopping deletes its rooms at once. A room is deleted only by the writer that wrote it last (a
 * script checks), so a node that lost a match to another never takes the new holder's entry out.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { LOBBY_RECENT, type LobbyRooms } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import type { LobbyFeed } from './lobby-feed.js';

type Summary = LobbyRooms['rooms'][number];

const LIVE = 'vroyale:lobby:live';
const RECENT = 'vroyale:lobby:recent';
const SUMMARIES = 'vroyale:lobby:rooms';
const aliveKey = (writer: string) => `vroyale:lobby:alive:${writer}`;

/** Deletes the rooms ARGV[2..] whose summary still starts with ARGV[1] (their writer's prefix). */
const DELETE_OWN = `local n = 0
for i = 2, #ARGV do
  local v = redis.call('HGET', KEYS[3], ARGV[i])
  if v and string.sub(v, 1, #ARGV[1]) == ARGV[1] then
    redis.call('ZREM', KEYS[1], ARGV[i]); redis.call('ZREM', KEYS[2], ARGV[i]); redis.call('HDEL', KEYS[3], ARGV[i]); n = n + 1
  end
end
return n`;
const prefixOf = (writer: string) => JSON.stringify({ node: writer }).slice(0, -1);

/** How often a node reads the shared list (a room's change shows on other nodes within about this + 250 ms). */
const POLL_MS = 250;
/**
 * A node whose lobby nobody watches (its list not asked for within this) reads the shared list only this often:
 * what a node costs Redis then does not depend on the polling of lobbies no one looks at.
 */
const IDLE_MS = 5_000;
const HEARTBEAT_MS = 5_000;
const EXPIRE_MS = 15_000;
/** As many live rooms as a lobby lists (rooms/lobby.ts MAX_LISTED). */
const TOP_LIVE = 200;

/** The lobby's order as one number, smallest first: waiting rooms, human matches, bot matches; newest first. */
export function liveScore(r: Summary): number {
  const rank = r.status === 'waiting' ? 0 : r.seats.A?.bot || r.seats.B?.bot ? 2 : 1;
  return rank * 1e14 - r.createdAt;
}

export class RedisLobbyFeed implements LobbyFeed {
  /** What this node last wrote, by room: its summary's JSON. */
  private mine = new Map<string, string>();
  private remote: Summary[] = [];
  private remoteJson = '[]';
  private listener: () => void = () => {};
  private readonly poller: ReturnType<typeof setInterval>;
  private readonly heartbeat: ReturnType<typeof setInterval>;
  private polling = false;
  private lastAsked = -Infinity;
  private lastPoll = -Infinity;
  private writes: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** This process as a writer of the shared list. */
  private readonly writer: string;

  constructor(
    private readonly redis: Redis,
    nodeId: string,
    private readonly log: Logger,
    /** 0: no timer (tests call `poll`). */
    pollMs = POLL_MS,
  ) {
    this.writer = `${nodeId}:${randomUUID().slice(0, 8)}`;
    this.alive();
    this.heartbeat = setInterval(() => this.alive(), HEARTBEAT_MS);
    this.heartbeat.unref();
    this.poller = setInterval(
      () => {
        const now = performance.now();
        if (now - this.lastAsked < IDLE_MS || now - this.lastPoll >= IDLE_MS) void this.poll();
      },
      pollMs || 2 ** 30,
    );
    this.poller.unref();
    if (pollMs > 0) void this.poll();
  }

  publish(rooms: Summary[]): void {
    if (this.closed) return;
    const next = new Map(rooms.map((r) => [r.roomId, JSON.stringify({ node: this.writer, room: r })]));
    const m = this.redis.multi();
    let n = 0;
    for (const r of rooms) {
      const json = next.get(r.roomId)!;
      if (this.mine.get(r.roomId) === json) continue;
      n++;
      m.hset(SUMMARIES, r.roomId, json);
      if (r.status === 'finished') m.zrem(LIVE, r.roomId).zadd(RECENT, -(r.endedAt ?? 0), r.roomId);
      else m.zrem(RECENT, r.roomId).zadd(LIVE, liveScore(r), r.roomId);
    }
    const gone = [...this.mine.keys()].filter((id) => !next.has(id));
    if (gone.length > 0) {
      n++;
      m.eval(DELETE_OWN, 3, LIVE, RECENT, SUMMARIES, prefixOf(this.writer), ...gone);
    }
    this.mine = next;
    if (n === 0) return void m.discard();
    this.writes = m.exec().catch((e: unknown) => {
      // Written again at the next change; meanwhile the other lobbies show this node's rooms as they were.
      this.mine.clear();
      this.log.warn({ err: (e as Error).message }, 'writing the lobby list failed');
    });
  }

  remoteRooms(): Summary[] {
    this.lastAsked = performance.now();
    return this.remote;
  }

  onRemoteChange(f: () => void): void {
    this.listener = f;
  }

  close(): void {
    if (this.closed) return;
    this.publish([]);
    this.closed = true;
    clearInterval(this.poller);
    clearInterval(this.heartbeat);
    void this.writes.then(() => this.redis.del(aliveKey(this.writer)).catch(() => {}));
  }

  /** Resolves once this node's writes so far reached Redis (tests). */
  async settled(): Promise<void> {
    await this.writes;
  }

  private alive(): void {
    this.redis.set(aliveKey(this.writer), '1', 'PX', EXPIRE_MS).catch(() => {});
  }

  /** Reads the top of the shared list; other nodes' rooms whose node is alive become `remoteRooms`. */
  async poll(): Promise<void> {
    if (this.polling || this.closed) return;
    this.polling = true;
    this.lastPoll = performance.now();
    try {
      const [live, recent] = await Promise.all([this.redis.zrange(LIVE, '0', String(TOP_LIVE - 1)), this.redis.zrange(RECENT, '0', String(LOBBY_RECENT - 1))]);
      const ids = [...live, ...recent];
      const raw = ids.length > 0 ? await this.redis.hmget(SUMMARIES, ...ids) : [];
      const entries = raw.flatMap((j) => {
        if (j === null) return [];
        try {
          return [JSON.parse(j) as { node: string; room: Summary }];
        } catch {
          return [];
        }
      });
      const writers = [...new Set(entries.map((e) => e.node))].filter((n) => n !== this.writer);
      const alive = writers.length > 0 ? await this.redis.mget(...writers.map(aliveKey)) : [];
      const dead = new Set(writers.filter((_, i) => alive[i] === null));
      for (const w of dead)
        this.forget(
          w,
          entries.filter((e) => e.node === w).map((e) => e.room.roomId),
        );
      const rooms = entries.filter((e) => e.node !== this.writer && !dead.has(e.node)).map((e) => e.room);
      const json = JSON.stringify(rooms);
      if (json === this.remoteJson) return;
      this.remote = rooms;
      this.remoteJson = json;
      this.listener();
    } catch (e) {
      this.log.debug({ err: (e as Error).message }, 'reading the lobby list failed');
    } finally {
      this.polling = false;
    }
  }

  /** Rooms of a writer that is gone (killed: it could not take them out itself), unless another wrote them since. */
  private forget(writer: string, ids: string[]): void {
    if (ids.length === 0) return;
    this.redis.eval(DELETE_OWN, 3, LIVE, RECENT, SUMMARIES, prefixOf(writer), ...ids).catch(() => {});
  }
}
