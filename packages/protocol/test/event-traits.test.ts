import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CLIENT_EVENT_TRAITS, CLIENT_PAYLOADS, isRoomEvent, RESENDABLE_EVENTS, ROOM_EVENTS, type ClientEventName } from '../src/index.js';

const events = Object.keys(CLIENT_PAYLOADS) as ClientEventName[];

describe('client event traits (CLIENT_EVENT_TRAITS)', () => {
  it('declares every client event and nothing else', () => {
    expect(Object.keys(CLIENT_EVENT_TRAITS).sort()).toEqual([...events].sort());
  });

  it("a room event's payload names its room: the cluster routes it by roomId", () => {
    for (const e of events) {
      if (!CLIENT_EVENT_TRAITS[e].room) continue;
      const roomId = (CLIENT_PAYLOADS[e] as unknown as z.ZodObject<{ roomId?: z.ZodType }>).shape.roomId;
      expect({ e, required: roomId !== undefined && !roomId.safeParse(undefined).success }).toEqual({ e, required: true });
    }
  });

  it('derives the routed and the resend sets from the traits', () => {
    expect([...ROOM_EVENTS].sort()).toEqual([
      'match:action',
      'match:pass-until',
      'room:chat',
      'room:join',
      'room:leave',
      'room:rematch',
      'room:spectate',
      'series:sideboard',
    ]);
    expect([...RESENDABLE_EVENTS].sort()).toEqual([
      'lobby:subscribe',
      'lobby:unsubscribe',
      'match:action',
      'match:pass-until',
      'puzzle:daily',
      'puzzle:solution',
      'room:join',
      'room:leave',
      'room:spectate',
      'settings',
      'tournament:list',
      'tournament:ready',
      'tournament:unwatch',
      'tournament:watch',
    ]);
    expect(isRoomEvent('room:chat')).toBe(true);
    expect(isRoomEvent('room:create')).toBe(false);
    expect(isRoomEvent('cluster:attach')).toBe(false);
  });

  it('never resends an event whose second copy would do something twice', () => {
    for (const e of [
      'hello',
      'room:create',
      'room:play-bot',
      'room:tutorial',
      'room:chat',
      'room:rematch',
      'series:sideboard',
      'queue:join',
      'challenge:send',
      'tournament:create',
      'tournament:register',
      'tournament:drop',
      'tournament:manage',
      'puzzle:next',
      'puzzle:move',
      'puzzle:hint',
    ] as const)
      expect(RESENDABLE_EVENTS.has(e as never)).toBe(false);
  });
});
