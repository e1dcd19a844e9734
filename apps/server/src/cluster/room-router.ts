/**
 * Routing between nodes (issue 19 §2): a message about a room this node does not hold (join, spectate, leave,
 * chat, rematch, an action, pass-until) goes to the node that holds the room, which handles it as it handles
 * its own sockets' messages and answers through the adapter's ack; views and room messages then go from that
 * node to the socket by id (the streams adapter delivers them to whichever node holds the socket).
 *
 * How the holder is found: `serverSideEmit` with an ack to every node; the one holding the room handles the
 * message and answers its ack, the others answer null at once. No directory to keep consistent across node
 * deaths (the room's holder is whoever has it in memory now, which after a takeover is the new owner), at the
 * cost of one message to each node per forwarded message: fine for a handful of nodes; a directory (a Redis
 * hash room → node, kept by the owners) is the step after. The socket's node has authenticated the user (hello);
 * the holder trusts that id and nothing else: it checks the seat from its own room state.
 *
 * When a forwarding socket disconnects, its node tells every node (`vroyale:gone`): the holder detaches it from
 * the room (seat holds start there, as for a local socket).
 */
import type { Ack } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import type { ServerSideBus } from './lobby-feed.js';
import type { Forwarded, ForwardedFrom, NodeRequest } from './node-messages.js';

export type { Forwarded } from './node-messages.js';

const HELD_REMEMBERED = 10_000;

/** What a holder answers: the handler's ack, or null (not my room). */
type Answer = Ack<object> | null;

export interface RouterBus extends ServerSideBus {
  serverSideEmitWithAck(event: string, ...args: unknown[]): Promise<unknown[]>;
}

export class RoomRouter {
  /** Sockets of this node that have forwarded something (their disconnect is told to the other nodes). */
  private readonly forwarding = new Set<string>();
  /** Rooms some node answered for lately (newest last, bounded): no answer for one of them means it is moving. */
  private readonly held = new Map<string, true>();

  constructor(
    private readonly bus: RouterBus,
    readonly nodeId: string,
    private readonly log: Logger,
  ) {}

  /**
   * Serves other nodes' forwards: `handle` answers with an ack when this node holds the room, null otherwise;
   * `gone` is told of a forwarding socket that disconnected.
   */
  serve(handle: (m: Forwarded, answer: (a: Answer) => void) => void, gone: (socketId: string) => void): void {
    this.bus.on('vroyale:forward', ((m: Forwarded, ack: (a: Answer) => void) => {
      let answered = false;
      const answer = (a: Answer) => {
        if (answered) return;
        answered = true;
        ack(a);
      };
      try {
        handle(m, answer);
      } catch (e) {
        this.log.error({ err: e, event: m?.event }, 'forwarded message failed');
        answer({ ok: false, code: 'internal', message: 'The server failed to handle that message' });
      }
    }) as (...args: never[]) => void);
    this.bus.on('vroyale:gone', ((socketId: string) => gone(socketId)) as (...args: never[]) => void);
  }

  /** Sends `m` to the room's holder; resolves with its ack, or null when no node holds the room. */
  async forward(m: Omit<ForwardedFrom, 'from'> & NodeRequest): Promise<Answer> {
    this.forwarding.add(m.socketId);
    let answers: unknown[];
    try {
      answers = await this.bus.serverSideEmitWithAck('vroyale:forward', { ...m, from: this.nodeId } satisfies Forwarded);
    } catch (e) {
      // A node that did not answer in time (dead, or Redis away): the holder may still be among those that did.
      answers = (e as { responses?: unknown[] }).responses ?? [];
      this.log.warn({ err: (e as Error).message, event: m.event, roomId: m.roomId }, 'a node did not answer a forward');
    }
    const ack = (answers.find((a) => a !== null && typeof a === 'object') as Ack<object> | undefined) ?? null;
    if (ack) this.heldLately(m.roomId);
    return ack;
  }

  /** Some node (maybe this one: a match it stopped running) held `roomId` just now. */
  heldLately(roomId: string): void {
    this.held.delete(roomId);
    this.held.set(roomId, true);
    if (this.held.size > HELD_REMEMBERED) this.held.delete(this.held.keys().next().value!);
  }

  /**
   * Did a node hold this room lately? Then no answer now means its node died or is handing it over and another
   * will take it within seconds: the client is told to send again, not that the room does not exist.
   */
  wasHeld(roomId: string): boolean {
    return this.held.has(roomId);
  }

  /**
   * This node now holds `roomId` (a takeover): every node attaches the sockets it holds of `userIds` (the seated
   * managers, reconnected wherever HAProxy sent them) by forwarding a `cluster:attach` for each.
   */
  announce(roomId: string, userIds: readonly string[]): void {
    this.bus.serverSideEmit('vroyale:room-here', { roomId, userIds, node: this.nodeId });
  }

  onAnnounce(f: (roomId: string, userIds: string[]) => void): void {
    this.bus.on('vroyale:room-here', ((m: { roomId: string; userIds: string[] }) => {
      this.heldLately(m.roomId);
      f(m.roomId, m.userIds);
    }) as (...args: never[]) => void);
  }

  /**
   * A match started on this node: every node remembers the room as held (`wasHeld`), so a message about it that
   * finds no holder later (its node died before any other node forwarded to it) is taken for a move, not for an
   * unknown room. One message per match start.
   */
  started(roomId: string): void {
    this.bus.serverSideEmit('vroyale:room-started', roomId);
  }

  onStarted(): void {
    this.bus.on('vroyale:room-started', ((roomId: unknown) => {
      if (typeof roomId === 'string') this.heldLately(roomId);
    }) as (...args: never[]) => void);
  }

  /**
   * SIGTERM hand-over: this node released these matches' leases after their queues drained. Every node tries to
   * acquire each at once (one wins: the lease's upsert) instead of waiting for its next scan; until the winner
   * announces the room, a message about it is held and sent again (`wasHeld`), not refused.
   */
  released(matches: readonly { matchId: string; roomId: string }[]): void {
    if (matches.length > 0) this.bus.serverSideEmit('vroyale:released', { node: this.nodeId, matches });
  }

  onReleased(f: (matchIds: string[]) => void): void {
    this.bus.on('vroyale:released', ((m: { matches?: { matchId: string; roomId: string }[] }) => {
      const matches = Array.isArray(m?.matches) ? m.matches : [];
      for (const x of matches) this.heldLately(x.roomId);
      f(matches.map((x) => x.matchId));
    }) as (...args: never[]) => void);
  }

  /** The rooms other nodes hold in which `userId` has a seat (a hello: the seats to come back to). */
  async seatsElsewhere(userId: string): Promise<string[]> {
    let answers: unknown[];
    try {
      answers = await this.bus.serverSideEmitWithAck('vroyale:seats', userId);
    } catch (e) {
      answers = (e as { responses?: unknown[] }).responses ?? [];
    }
    return answers.flatMap((a) => (Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []));
  }

  onSeats(f: (userId: string) => string[]): void {
    this.bus.on('vroyale:seats', ((userId: string, ack: (ids: string[]) => void) => ack(f(userId))) as (...args: never[]) => void);
  }

  socketClosed(socketId: string): void {
    if (this.forwarding.delete(socketId)) this.bus.serverSideEmit('vroyale:gone', socketId);
  }
}
