/**
 * The lobby and room events: subscribe, create, join, play the bot, the tutorial, spectate, leave, chat, rematch,
 * and a best-of-three's side-deck swap between games (series.ts).
 * Each replies first and then attaches (the client sees its ack before the views it caused).
 */
import { starterRosters } from '@vroyale/cards';
import type { GameServerDeps } from '../game-deps.js';
import { err, type Handlers } from '../gateway/handler-table.js';
import { botSeatName } from '../bots/server-bot.js';
import { scriptedOr } from '../identity/ids.js';
import { seatedAs } from '../identity/users.js';
import type { Conn } from '../net/conn.js';
import { offerRematch, rematchKind } from './rematch.js';
import type { RoomService } from './room-service.js';
import { resolveRoster } from './roster-choice.js';
import { TOO_FAST } from './toggle-limit.js';
import { startTutorial } from './tutorial.js';

export type RoomEvents =
  | 'lobby:subscribe'
  | 'lobby:unsubscribe'
  | 'room:create'
  | 'room:join'
  | 'room:play-bot'
  | 'room:tutorial'
  | 'room:spectate'
  | 'room:leave'
  | 'room:chat'
  | 'room:rematch'
  | 'series:sideboard';

export function roomHandlers(rooms: RoomService, d: GameServerDeps, conns: ReadonlyMap<string, Conn>): Handlers<RoomEvents> {
  const { lobby, userRooms, spectating, toggles } = rooms;
  return {
    'lobby:subscribe': (conn, _p, reply) => reply({ ok: true, ...lobby.subscribe(conn.id) }),

    'lobby:unsubscribe': (conn, _p, reply) => {
      lobby.unsubscribe(conn.id);
      reply({ ok: true });
    },

    'room:create': (conn, p, reply) => {
      const refused = rooms.capRefusal(conn, false);
      if (refused) return reply(refused);
      const room = rooms.newRoom(p.visibility, p.clock, rooms.roomDeps, 'room', p.format ?? 'bo1');
      userRooms.claim(room, conn.userId, conn.address, true);
      reply({ ok: true, roomId: room.roomId });
    },

    'room:join': (conn, p, reply) => {
      const room = lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const user = d.users.get(conn.userId)!;
      const already = room.seatOf(user.id);
      if (already) {
        reply({ ok: true, roomId: room.roomId, seat: already });
        return rooms.attach(conn, room);
      }
      const roster = resolveRoster(p.roster, d.pool);
      if (!roster.ok) return reply(err('invalid-roster', roster.message));
      // A room this user created already counts against their cap; sitting in it adds nothing.
      if (!userRooms.roomsOf(user.id).has(room.roomId)) {
        const refused = rooms.capRefusal(conn, false);
        if (refused && refused.code !== 'room-full') return reply(refused);
      }
      const side = room.format === 'bo3' && roster.side.length > 0 ? { side: roster.side } : {};
      const taken = room.takeSeat({ ...seatedAs(user), roster: roster.roster, ...side, rosterLabel: roster.label, bot: false }, p.seat);
      if (!taken.ok) return reply(err(taken.code, taken.message));
      userRooms.claim(room, user.id, conn.address);
      spectating.remove(conn.id, room.roomId);
      reply({ ok: true, roomId: room.roomId, seat: taken.seat });
      rooms.attach(conn, room);
    },

    'room:play-bot': async (conn, p, reply) => {
      const mine = resolveRoster(p.roster, d.pool);
      if (!mine.ok) return reply(err('invalid-roster', mine.message));
      const botChoice = p.botRoster ?? starterRosters[scriptedOr(d.config.matchSeed, starterRosters.length)]!.id;
      const theirs = resolveRoster(botChoice, d.pool);
      if (!theirs.ok) return reply(err('invalid-roster', `Bot roster: ${theirs.message}`));
      if (p.concede) {
        const failed = await rooms.concedeBotMatch(conn, p.concede);
        if (failed) return reply(failed);
        // The socket may have gone while the concession was saved: nothing new is started for it.
        if (conns.get(conn.id) !== conn) return;
      }
      const user = d.users.get(conn.userId)!;
      const refused = rooms.capRefusal(conn, true);
      if (refused) return reply(refused);
      const room = rooms.newRoom('private', p.clock, rooms.roomDeps, 'bot');
      room.takeSeat({ ...seatedAs(user), roster: mine.roster, rosterLabel: mine.label, bot: false }, 'A');
      room.takeSeat({ userId: `bot:${room.roomId}`, name: botSeatName(p.level ?? 'normal'), roster: theirs.roster, rosterLabel: theirs.label, bot: true }, 'B');
      userRooms.claim(room, user.id, conn.address, true);
      reply({ ok: true, roomId: room.roomId, seat: 'A' });
      rooms.attach(conn, room);
    },

    'room:tutorial': async (conn, p, reply) => {
      if (p.concede) {
        const failed = await rooms.concedeBotMatch(conn, p.concede);
        if (failed) return reply(failed);
        if (conns.get(conn.id) !== conn) return;
      }
      startTutorial(conn, reply, {
        users: d.users,
        pool: d.pool,
        userRooms,
        deps: rooms.roomDeps,
        refusal: (c) => rooms.capRefusal(c, true),
        newRoom: (clock, deps) => rooms.newRoom('private', clock, deps, 'tutorial'),
        attach: (c, room) => rooms.attach(c, room),
      });
    },

    'room:spectate': (conn, p, reply) => {
      if (!toggles.take([`s:${conn.id}`, `u:${conn.userId}`])) return reply(err('rate-limited', TOO_FAST));
      const room = lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      rooms.watch(conn, room, reply);
    },

    'room:leave': (conn, p, reply) => {
      const room = lobby.get(p.roomId);
      // Leaving a room this socket is not in changes nothing, and costs no toggle.
      if (room?.hasMember(conn.id) && !toggles.take([`s:${conn.id}`, `u:${conn.userId}`])) return reply(err('rate-limited', TOO_FAST));
      if (room) room.leave(conn.id, conn.userId);
      if (room) userRooms.release(room, conn.userId);
      conn.rooms.delete(p.roomId);
      spectating.remove(conn.id, p.roomId);
      reply({ ok: true });
    },

    'room:chat': (conn, p, reply) => {
      const room = lobby.get(p.roomId);
      if (!room || !room.hasMember(conn.id)) return reply(err('room-not-found', 'Join or watch the room before chatting'));
      if (!room.chatAllowed(conn.userId)) return reply(err('rate-limited', 'You are chatting too fast'));
      const user = d.users.get(conn.userId)!;
      reply({ ok: true });
      room.addChat({ roomId: room.roomId, from: { name: user.name, role: room.seatOf(user.id) ?? 'spectator' }, text: p.text, at: d.clock.now() }, user.id);
    },

    'room:rematch': (conn, p, reply) => {
      const room = lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of the match can play a rematch'));
      // Against the bot the rematch starts at once: it is one more bot match for this user.
      const other = room.seats[seat === 'A' ? 'B' : 'A'];
      if (room.status === 'finished' && !room.rematch.roomId) {
        const refused = rooms.capRefusal(conn, other?.bot === true);
        if (refused) return reply(refused);
      }
      if (room.tournamentId) return reply(err('not-finished', "A tournament's match has no rematch: the event pairs the next round"));
      // A best-of-three is over once a manager has won it; a rematch is another best-of-three from the decks as registered.
      if (room.series && room.series.rec.status !== 'done')
        return reply(err('not-finished', 'The match is not over: its next game starts after the side-deck window'));
      const r = offerRematch(room, seat, (like) => rooms.newRoom(like.visibility, like.clockConfig, rooms.roomDeps, rematchKind(like.kind), like.format));
      if (!r.ok) return reply(err(r.code, r.message));
      const next = r.rematch.roomId ? lobby.get(r.rematch.roomId) : undefined;
      if (next) userRooms.claim(next, conn.userId, conn.address);
      reply({ ok: true, ...r.rematch });
      lobby.changed();
    },

    'series:sideboard': (conn, p, reply) => {
      const room = lobby.get(p.roomId);
      if (!room) return reply(err('room-not-found', 'No such room'));
      const seat = room.seatOf(conn.userId);
      if (!seat) return reply(err('not-a-manager', 'Only the two managers of the match change their decks'));
      if (!room.series) return reply(err('not-between-games', 'This room plays a single game: there is no side deck to use'));
      const r = room.series.sideboard(room.roomId, seat, p.swap);
      if (!r.ok) return reply(err(r.code, r.message));
      // Answered once the swap's row is written, and the next game starts after that answer.
      r.saved.then(
        () => {
          reply({ ok: true, swapped: r.swapped });
          r.then();
        },
        () => reply(err('internal', 'Your deck change could not be saved: send it again')),
      );
    },
  };
}
