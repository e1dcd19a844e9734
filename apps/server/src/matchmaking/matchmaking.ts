/**
 * Matchmaking as the game server holds it: the queue, the challenges and their handlers over one host
 * (host.ts), built from the few things of the game server it needs (`MatchmakingWiring`).
 */
import type { CardDef } from '@vroyale/engine';
import type { ClockConfig, MatchFormat, MatchKind, Seat, ServerToClientEvents } from '@vroyale/protocol';
import type { Users } from '../identity/users.js';
import type { Logger } from '../logger.js';
import type { Room } from '../rooms/room.js';
import type { Clock } from '../time/clock.js';
import type { AccountFacts } from '../storage/store.js';
import { Challenges } from './challenges.js';
import { matchmakingHandlers } from './handlers.js';
import type { MatchmakingHost, Player } from './host.js';
import { MatchmakingQueue } from './queue.js';

export interface MatchmakingWiring {
  clock: Clock;
  log: Logger;
  users: Users;
  facts: AccountFacts;
  blocked(a: string, b: string): boolean;
  loadBlocks(userIds: readonly string[]): Promise<void>;
  pool: Record<string, CardDef>;
  defaultClock: ClockConfig;
  send(socketIds: string[], event: keyof ServerToClientEvents, payload: unknown): void;
  room(roomId: string): Room | undefined;
  /** The user's open rooms (user-rooms.ts). */
  roomsOf(userId: string): Iterable<string>;
  /** A new private waiting room of this kind (the game server's factory: storage and lobby know it). */
  newRoom(kind: MatchKind, clock: ClockConfig | undefined, format: MatchFormat): Room;
  /** A room whose match could not start is forgotten (closed in the database if it got there). */
  dropRoom(roomId: string): void;
  /** Every socket of the user enters the room (and the user's claim on it is recorded). */
  attachUser(userId: string, room: Room): void;
  /** The user's best-of-three not yet decided (rooms/series-service.ts), if any. */
  undecidedSeries(userId: string): { roomId: string; seat: Seat; kind: MatchKind } | null;
}

export class Matchmaking {
  readonly queue: MatchmakingQueue;
  readonly challenges: Challenges;
  readonly handlers;
  /** A private room of this kind with `a` in seat A and `b` in seat B, started, both users' sockets in it (tournaments use it too). */
  readonly startMatch: MatchmakingHost['startMatch'];

  constructor(w: MatchmakingWiring) {
    const liveSeat = (userId: string, kinds: readonly MatchKind[]) => {
      for (const id of w.roomsOf(userId)) {
        const r = w.room(id);
        const seat = r?.seatOf(userId);
        if (r && seat && r.status === 'active' && kinds.includes(r.kind)) return { roomId: r.roomId, seat, kind: r.kind, format: r.format };
      }
      // A best-of-three not yet decided is live between its games too (its side-deck window).
      const series = w.undecidedSeries(userId);
      return series && kinds.includes(series.kind) ? { ...series, format: 'bo3' as const } : null;
    };
    const host: MatchmakingHost = {
      clock: w.clock,
      log: w.log,
      facts: w.facts,
      blocked: w.blocked,
      loadBlocks: w.loadBlocks,
      defaultClock: w.defaultClock,
      socketsOf: (id) => [...(w.users.get(id)?.sockets ?? [])],
      displayName: (id) => w.users.get(id)?.name ?? null,
      send: (ids, event, payload) => w.send(ids, event, payload),
      liveSeat: (userId, kinds) => liveSeat(userId, kinds),
      inLiveMatch: (userId, kinds) => liveSeat(userId, kinds) !== null,
      startMatch: async (kind, clock, a, b, format = 'bo1') => {
        const room = w.newRoom(kind, clock, format);
        const occupant = (p: Player) => {
          const username = p.username ?? null;
          // A seated user stays in memory (the session sweep counts them as in use), present or not.
          const name = w.users.remember(p.userId, p.name).name;
          const side = format === 'bo3' && p.side?.length ? { side: p.side } : {};
          return { userId: p.userId, name, roster: p.roster, ...side, rosterLabel: p.rosterLabel, bot: false, ...(username ? { username } : {}) };
        };
        try {
          room.takeSeat(occupant(a), 'A');
          room.takeSeat(occupant(b), 'B');
          // Nobody is attached until the match's rows are committed: a match the store refused is dropped
          // before anyone saw it, and both players keep searching (queue.ts).
          await room.matchSaved;
        } catch (e) {
          await room.close();
          w.dropRoom(room.roomId);
          throw e;
        }
        w.attachUser(a.userId, room);
        w.attachUser(b.userId, room);
        return room.roomId;
      },
    };
    this.startMatch = host.startMatch;
    this.queue = new MatchmakingQueue(host);
    this.challenges = new Challenges(host);
    this.handlers = matchmakingHandlers(this.queue, this.challenges, w.pool, (id) => w.users.get(id)?.name ?? 'Player');
  }

  /** After a hello's reply: this socket hears the user's queue state and pending challenges. */
  hello(userId: string, socketId: string): void {
    this.queue.hello(userId, socketId);
    this.challenges.hello(userId, socketId);
  }

  socketClosed(userId: string): void {
    this.queue.socketClosed(userId);
    this.challenges.arriving(userId);
  }

  /** Signed in or registered over HTTP: their page is connecting (a challenge to them waits for its hello). */
  signedIn(userId: string): void {
    this.challenges.arriving(userId);
  }

  stop(): void {
    this.queue.stop();
    this.challenges.stop();
  }
}
