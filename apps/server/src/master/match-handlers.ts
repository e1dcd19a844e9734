/**
 * The match events of the handler table: an action, a one-shot pass (pass-until), and the stop settings (which
 * the user's live matches' masters re-plan from at once, as `PUT /api/settings` makes them do too).
 */
import type { StopSettings } from '@vroyale/protocol';
import { err, type Handlers } from '../gateway/handler-table.js';
import type { Users } from '../identity/users.js';
import type { RoomService } from '../rooms/room-service.js';

export type MatchEvents = 'match:action' | 'match:pass-until' | 'settings';

export class MatchService {
  constructor(
    private readonly rooms: RoomService,
    private readonly users: Users,
  ) {}

  readonly handlers: Handlers<MatchEvents> = {
    'match:action': (conn, p, reply) => {
      const room = this.rooms.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of a match can act in it'));
      if (!room.master) return reply(err('not-started', 'The match has not started'));
      return room.master.submit(seat, p, reply);
    },

    'match:pass-until': (conn, p, reply) => {
      const room = this.rooms.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of a match can pass in it'));
      if (!room.master) return reply(err('not-started', 'The match has not started'));
      return room.master.setPassUntil(seat, p.mode, reply);
    },

    settings: async (conn, p, reply) => {
      await this.users.setStops(conn.userId, p.stops);
      reply({ ok: true, stops: p.stops });
      this.stopsChanged(conn.userId);
    },
  };

  /**
   * New stop settings from outside a socket (`PUT /api/settings`): stored, and applied to the user's live
   * matches exactly as the socket's `settings` event does.
   */
  async setStops(userId: string, stops: StopSettings): Promise<void> {
    await this.users.setStops(userId, stops);
    this.stopsChanged(userId);
  }

  /** A seat the server answers for may have become a question (or the reverse): its masters re-plan. */
  private stopsChanged(userId: string): void {
    for (const id of this.rooms.userRooms.roomsOf(userId)) {
      const room = this.rooms.get(id);
      if (room?.master && room.seatOf(userId)) room.master.settingsChanged();
    }
  }
}
