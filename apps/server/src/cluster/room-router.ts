/**
 * Routing between nodes (issue 19 §2, issue 33 §4): a message about a room this node does not hold (join,
 * spectate, leave, chat, rematch, an action, pass-until) goes to the node that holds the room, which handles it as
 * it handles its own sockets' messages and answers; views and room messages then go from that node to the socket's
 * node only (node-link.ts: each node reads its own Redis stream).
 *
 * How the holder is found: the room directory (room-directory.ts: a Redis key per room naming its node, cached)
 * and one request to that node. The directory is a hint: the node it names answers null when it does not hold
 * the room (it moved or ended), and then, or when the directory has no word, the message goes to every node
 * through the adapter (`serverSideEmitWithAck`), where the holder answers and the others answer null at once;
 * nodes of the release before the node link (a rolling restart) are reached that way too. The socket's node has
 * authenticated the user (hello); the holder trusts that id and nothing else: it checks the seat from its own
 * room state.
 *
 * When a forwarding socket disconnects, its node tells the nodes it forwarded to (`gone`; every node if one of
 * its forwards went to all): the holder detaches it from the room (seat holds start there, as for a local socket).
 */
import type { Ack } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import type { ServerSideBus } from './lobby-feed.js';
import type { Forwarded, ForwardedFrom, NodeRequest } from './node-messages.js';
import type { NodeLink } from './node-link.js';
import type { RoomDirectory } from './room-directory.js';

export type { Forwarded } from './node-messages.js';

const HELD_REMEMBERED = 10_000;
/** As long as the adapter waited for a node's answer: a holder's answer waits for the action's commit. */
export const FORWARD_TIMEOUT_MS = 5_000;

/** The per-node channel and the room directory (absent: every forward goes to every node, as before issue 33). */
export interface DirectRoutes {
  link: NodeLink;
  directory: RoomDirectory;
}

/** What a holder answers: the handler's ack, or null (not my room). */
type Answer = Ack<object> | null;

export interface RouterBus extends ServerSideBus {
  serverSideEmitWithAck(event: string, ...args: unknown[]): Promise<unknown[]>;
}

export class RoomRouter {
  /**
   * Sockets of this node that have forwarded something, and to which nodes ('all': through the adapter): their
   * disconnect is told to those nodes.
   */
  private readonly forwarding = new Map<string, Set<string> | 'all'>();
  /** Nodes that read their node stream (they said so in a forward): views to their sockets go there directly. */
  private readonly linked = new Set<string>();
  /** Forwards waiting on a node's answer, by room: a takeover's announcement sends them on to the new node. */
  private readonly waiting = new Map<string, Set<() => void>>();
  /** Rooms some node answered for lately (newest last, bounded): no answer for one of them means it is moving. */
  private readonly held = new Map<string, true>();

  constructor(
    private readonly bus: RouterBus,
    readonly nodeId: string,
    private readonly log: Logger,
    private readonly direct: DirectRoutes | null = null,
  ) {}

  /** This node holds `roomId` now (it runs there, or takes messages about it): the directory says so. */
  place(roomId: string): void {
    this.direct?.directory.place(roomId);
  }

  /** Can a message for a socket of `node` go to that node alone (it reads its node stream)? */
  reaches(node: string): boolean {
    return this.direct !== null && this.linked.has(node);
  }

  /** Sends `event` to sockets of `node` (through its node stream; they are delivered there with `io.local`). */
  emitTo(node: string, socketIds: readonly string[], event: string, payload: unknown): void {
    this.direct?.link.tell(node, 'emit', { ids: socketIds, e: event, p: payload });
  }

  /** Messages another node sent for this node's sockets. */
  onEmit(f: (socketIds: string[], event: string, payload: unknown) => void): void {
    this.direct?.link.on('emit', (d) => {
      const m = d as { ids?: unknown; e?: unknown; p?: unknown };
      if (Array.isArray(m?.ids) && typeof m.e === 'string')
        f(
          m.ids.filter((x): x is string => typeof x === 'string'),
          m.e,
          m.p,
        );
    });
  }

  /**
   * Serves other nodes' forwards: `handle` answers with an ack when this node holds the room, null otherwise;
   * `gone` is told of a forwarding socket that disconnected.
   */
  serve(handle: (m: Forwarded, answer: (a: Answer) => void) => void, gone: (socketId: string) => void): void {
    const served = (m: Forwarded, ack: (a: Answer) => void) => {
      if (typeof m?.from === 'string' && m.link === 1) this.linked.add(m.from);
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
    };
    this.bus.on('vroyale:forward', served as (...args: never[]) => void);
    this.bus.on('vroyale:gone', ((socketId: string) => gone(socketId)) as (...args: never[]) => void);
    this.direct?.link.on('forward', (m, _from, answer) => served(m as Forwarded, answer));
    this.direct?.link.on('gone', (socketId) => typeof socketId === 'string' && gone(socketId));
  }

  /** Sends `m` to the room's holder; resolves with its ack, or null when no node holds the room. */
  async forward(m: Omit<ForwardedFrom, 'from'> & NodeRequest): Promise<Answer> {
    const msg = { ...m, from: this.nodeId, ...(this.direct ? { link: 1 as const } : {}) } satisfies Forwarded;
    if (this.direct) {
      const ack = await this.forwardDirect(msg);
      if (ack) return ack;
    }
    this.forwardedTo(m.socketId, 'all');
    let answers: unknown[];
    try {
      answers = await this.bus.serverSideEmitWithAck('vroyale:forward', msg);
    } catch (e) {
      // A node that did not answer in time (dead, or Redis away): the holder may still be among those that did.
      answers = (e as { responses?: unknown[] }).responses ?? [];
      this.log.warn({ err: (e as Error).message, event: m.event, roomId: m.roomId }, 'a node did not answer a forward');
    }
    const ack = (answers.find((a) => a !== null && typeof a === 'object') as Ack<object> | undefined) ?? null;
    if (ack) {
      this.heldLately(m.roomId);
      // Whoever answered may not have said so in the directory yet: read it again next time.
      this.direct?.directory.forget(m.roomId);
    }
    return ack;
  }

  /**
   * To the node the directory names (asked again once if that node does not hold the room: the room moved and
   * its new node may have said so since). Null: fall back to every node.
   */
  private async forwardDirect(msg: Forwarded): Promise<Answer> {
    const { link, directory } = this.direct!;
    let node = await directory.lookup(msg.roomId);
    for (let tries = 0; node !== null && node !== this.nodeId && tries < 2; tries++) {
      // Some node held it by the directory's word: no answer now means it is moving, not that it never was.
      this.heldLately(msg.roomId);
      const ack = await this.askUnlessMoved(link, node, msg);
      if (ack !== null && typeof ack === 'object') {
        this.forwardedTo(msg.socketId, node);
        return ack as Ack<object>;
      }
      if (ack === undefined) this.log.warn({ event: msg.event, roomId: msg.roomId, node }, 'a node did not answer a forward');
      directory.forget(msg.roomId);
      const again = await directory.lookup(msg.roomId);
      if (again === node) return null;
      node = again;
    }
    return null;
  }

  /**
   * Asks `node`, but stops waiting when another node announces the room (a takeover: `node` died, and would keep
   * the forward waiting for the whole timeout). Sending it on is safe: an action keeps its clientActionId, which the
   * new owner answers as a duplicate if the old one committed it.
   */
  private askUnlessMoved(link: NodeLink, node: string, msg: Forwarded): Promise<unknown> {
    let stop: () => void = () => {};
    const moved = new Promise<undefined>((resolve) => (stop = () => resolve(undefined)));
    let set = this.waiting.get(msg.roomId);
    if (!set) this.waiting.set(msg.roomId, (set = new Set()));
    set.add(stop);
    return Promise.race([link.ask(node, 'forward', msg, FORWARD_TIMEOUT_MS), moved]).finally(() => {
      set.delete(stop);
      if (set.size === 0 && this.waiting.get(msg.roomId) === set) this.waiting.delete(msg.roomId);
    });
  }

  private forwardedTo(socketId: string, node: string | 'all'): void {
    const now = this.forwarding.get(socketId);
    if (now === 'all') return;
    if (node === 'all') return void this.forwarding.set(socketId, 'all');
    if (now) now.add(node);
    else this.forwarding.set(socketId, new Set([node]));
  }

  /**
   * A node's own request to the node the directory names for `id` (a tournament's result: tournament-cluster.ts),
   * without the fall-back to every node: its answer, or undefined (no word, this node, or no answer in time).
   */
  async askHolder(id: string, kind: string, data: unknown): Promise<unknown> {
    if (!this.direct) return undefined;
    const node = await this.direct.directory.lookup(id);
    if (node === null || node === this.nodeId) return undefined;
    const answer = await this.direct.link.ask(node, kind, data, FORWARD_TIMEOUT_MS);
    if (answer !== true) this.direct.directory.forget(id);
    return answer;
  }

  /** Answers `askHolder` requests of `kind`. */
  onAsk(kind: string, f: (data: unknown) => unknown): void {
    this.direct?.link.on(kind, (data, _from, answer) => answer(f(data)));
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
    // This node's own forwards about it, still waiting on the node that held it, are sent again (to this node).
    for (const stop of this.waiting.get(roomId) ?? []) stop();
    this.bus.serverSideEmit('vroyale:room-here', { roomId, userIds, node: this.nodeId });
  }

  onAnnounce(f: (roomId: string, userIds: string[]) => void): void {
    this.bus.on('vroyale:room-here', ((m: { roomId: string; userIds: string[]; node?: string }) => {
      this.heldLately(m.roomId);
      if (typeof m.node === 'string') this.direct?.directory.learn(m.roomId, m.node);
      for (const stop of this.waiting.get(m.roomId) ?? []) stop();
      f(m.roomId, m.userIds);
    }) as (...args: never[]) => void);
  }

  /**
   * A match started on this node: every node remembers the room as held (`wasHeld`), so a message about it that
   * finds no holder later (its node died before any other node forwarded to it) is taken for a move, not for an
   * unknown room. One message per match start.
   */
  started(roomId: string): void {
    // With the directory a room's key says the same to every node, read only by those that forward about it.
    if (this.direct) return this.place(roomId);
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
    const to = this.forwarding.get(socketId);
    if (!to) return;
    this.forwarding.delete(socketId);
    if (to === 'all' || !this.direct) return void this.bus.serverSideEmit('vroyale:gone', socketId);
    for (const node of to) this.direct.link.tell(node, 'gone', socketId);
  }
}
