import { describe, expect, it } from 'vitest';
import { socketClass, type ClassifiedRoom } from './socket-class.js';

const rooms: Record<string, ClassifiedRoom> = {
  live: { status: 'active', seatOf: (u) => (u === 'ann' ? 'A' : null) },
  waiting: { status: 'waiting', seatOf: (u) => (u === 'ann' ? 'A' : null) },
};
const room = (id: string) => rooms[id];

describe('socket class', () => {
  it('ranks a socket by what it is: seated in a live match, in a room, said hello, or nothing yet', () => {
    expect(socketClass(undefined, room)).toBe('new');
    expect(socketClass({ userId: null, rooms: new Set(['live']) }, room)).toBe('new');
    expect(socketClass({ userId: 'ann', rooms: new Set() }, room)).toBe('identified');
    expect(socketClass({ userId: 'ann', rooms: new Set(['live']) }, room)).toBe('seated');
    // Seated before the match starts, or watching someone else's: in a room.
    expect(socketClass({ userId: 'ann', rooms: new Set(['waiting']) }, room)).toBe('watching');
    expect(socketClass({ userId: 'bob', rooms: new Set(['live']) }, room)).toBe('watching');
    // A room that is gone counts as being in a room until the socket leaves it.
    expect(socketClass({ userId: 'bob', rooms: new Set(['gone']) }, room)).toBe('watching');
  });

  it('counts rooms another node holds that answered the socket (a cluster)', () => {
    expect(socketClass({ userId: 'bob', rooms: new Set(), elsewhere: new Map([['r1', 'watching' as const]]) }, room)).toBe('watching');
    expect(
      socketClass(
        {
          userId: 'bob',
          rooms: new Set(),
          elsewhere: new Map([
            ['r1', 'watching' as const],
            ['r2', 'seated' as const],
          ]),
        },
        room,
      ),
    ).toBe('seated');
    expect(socketClass({ userId: 'bob', rooms: new Set(), elsewhere: new Map() }, room)).toBe('identified');
  });
});
