/**
 * Which node holds a room (issue 33 §4): a Redis key per room (`vroyale:room:<id>` → node id), written by the
 * node that holds it (when the room first changes there, and on a takeover), read by a node about to forward a
 * message about it, and cached there. A forward then goes to that one node (node-link.ts) instead of to every
 * node. The key is a hint, never the authority: the node it names answers null if it does not hold the room (it
 * moved, or ended), and the router then asks again (router.ts), so a stale or missing key costs a retry, not a
 * wrong answer. Keys expire (`TTL_S`, renewed by the holder while the room changes) instead of being deleted.
 */
import type { Redis } from 'ioredis';

export interface RoomDirectory {
  /** This node holds `roomId` now. */
  place(roomId: string): void;
  /** The node that holds `roomId` by the last word this node has (cached), or null. */
  lookup(roomId: string): Promise<string | null>;
  /** The cached word about `roomId` was wrong: the next lookup reads Redis again. */
  forget(roomId: string): void;
  /** Another node said it holds `roomId` now (a takeover's announcement). */
  learn(roomId: string, node: string): void;
}

const keyOf = (roomId: string) => `vroyale:room:${roomId}`;
/** A key lives this long after its last placement; a room that changes renews it after `RENEW_MS`. */
const TTL_S = 3_600;
export const RENEW_MS = 1_800_000;
const CACHED = 10_000;

export class RedisRoomDirectory implements RoomDirectory {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly redis: Redis,
    private readonly nodeId: string,
  ) {}

  place(roomId: string): void {
    this.remember(roomId, this.nodeId);
    // A lost write costs only the fallback (a forward to every node) until the next placement.
    this.redis.set(keyOf(roomId), this.nodeId, 'EX', TTL_S).catch(() => {});
  }

  async lookup(roomId: string): Promise<string | null> {
    const hit = this.cache.get(roomId);
    if (hit !== undefined) return hit;
    let node: string | null;
    try {
      node = await this.redis.get(keyOf(roomId));
    } catch {
      return null;
    }
    if (node !== null) this.remember(roomId, node);
    return node;
  }

  forget(roomId: string): void {
    this.cache.delete(roomId);
  }

  learn(roomId: string, node: string): void {
    this.remember(roomId, node);
  }

  private remember(roomId: string, node: string): void {
    this.cache.delete(roomId);
    this.cache.set(roomId, node);
    if (this.cache.size > CACHED) this.cache.delete(this.cache.keys().next().value!);
  }
}
