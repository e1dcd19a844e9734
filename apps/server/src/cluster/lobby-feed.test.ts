/** The lobby feed on an in-memory bus (two feeds = two nodes): publish, merge, ignore our own echo, expire, clear on close. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LobbyRooms } from '@vroyale/protocol';
import { AdapterLobbyFeed, type ServerSideBus } from './lobby-feed.js';

type Summary = LobbyRooms['rooms'][number];
const room = (roomId: string) => ({ roomId, status: 'waiting', createdAt: 1 }) as unknown as Summary;

/** Delivers each node's serverSideEmit to the other nodes' listeners (as the adapter does: never to the sender). */
function buses(n: number, dead: Set<number>): ServerSideBus[] {
  const listeners: Map<string, ((...a: unknown[]) => void)[]>[] = Array.from({ length: n }, () => new Map());
  return listeners.map((mine, i) => ({
    serverSideEmit: (event: string, ...args: unknown[]) => {
      if (dead.has(i)) return true;
      listeners.forEach((l, j) => j !== i && l.get(event)?.forEach((f) => f(...args)));
      return true;
    },
    on: (event: string, f: (...a: never[]) => void) => void mine.set(event, [...(mine.get(event) ?? []), f as (...a: unknown[]) => void]),
  }));
}

afterEach(() => vi.useRealTimers());

describe('AdapterLobbyFeed', () => {
  it("merges the other nodes' rooms, tells of changes, expires a silent node, clears on close", () => {
    vi.useFakeTimers();
    let now = 0;
    const dead = new Set<number>();
    const [b1, b2, b3] = buses(3, dead);
    const f1 = new AdapterLobbyFeed(b1!, 'n1', () => now);
    const f2 = new AdapterLobbyFeed(b2!, 'n2', () => now);
    const f3 = new AdapterLobbyFeed(b3!, 'n3', () => now);
    const changes = vi.fn();
    f1.onRemoteChange(changes);
    f2.publish([room('r2')]);
    f3.publish([room('r3a'), room('r3b')]);
    expect(
      f1
        .remoteRooms()
        .map((r) => r.roomId)
        .sort(),
    ).toEqual(['r2', 'r3a', 'r3b']);
    expect(
      f2
        .remoteRooms()
        .map((r) => r.roomId)
        .sort(),
    ).toEqual(['r3a', 'r3b']);
    expect(changes).toHaveBeenCalledTimes(2);
    // The same list again (a heartbeat) is not a change.
    f2.publish([room('r2')]);
    expect(changes).toHaveBeenCalledTimes(2);
    // n3 goes silent (killed): after 15 s without its heartbeat its rooms leave n1's list.
    dead.add(2); // n3 killed with -9: it says nothing more
    for (let t = 0; t < 4; t++) {
      now += 5_000;
      vi.advanceTimersByTime(5_000); // heartbeats: n2's keep coming, n3's do not
    }
    expect(f1.remoteRooms().map((r) => r.roomId)).toEqual(['r2']);
    // n2 stops: it publishes an empty list at once.
    expect(changes).toHaveBeenCalledTimes(3); // the expiry was a change
    f2.close();
    expect(f1.remoteRooms()).toEqual([]);
    f1.close();
    f3.close();
  });
});
