/**
 * What one node asks of the node holding a room (`vroyale:forward`, room-router.ts), as a typed union instead of
 * client events faked with casts. A client's room event is handled there as a local socket's (its payload checked
 * again by the event's schema); a node's own requests are not client events and no client can send them (the
 * protocol's schemas know nothing of them). A tournament's events go to the node running the event the same way,
 * its id standing where a room's would. The field names and values on the bus are what they always were, so
 * nodes of the previous release and this one understand each other during a rolling restart.
 */
import type { ClientEventName, RoomEventName } from '@vroyale/protocol';

/** The tournament events that name one event (`tournamentId`): served by the node running it (docs/decisions/0013). */
const TOURNAMENT_ROUTED = [
  'tournament:watch',
  'tournament:unwatch',
  'tournament:register',
  'tournament:unregister',
  'tournament:ready',
  'tournament:drop',
  'tournament:manage',
] as const;
export type TournamentRoutedEvent = (typeof TOURNAMENT_ROUTED)[number];
export const isTournamentRouted = (e: ClientEventName | string): e is TournamentRoutedEvent => (TOURNAMENT_ROUTED as readonly string[]).includes(e);

export type NodeRequest =
  /** A client's message about the room, sent to its socket's node. */
  | { event: RoomEventName; payload: unknown }
  /** A client's message about a tournament, sent to the node running it (`roomId` is then the tournament's id). */
  | { event: TournamentRoutedEvent; payload: unknown }
  /** Attach a seated manager's socket to the room it holds a seat in (after a takeover, or a hello elsewhere). */
  | { event: 'cluster:attach'; payload: { roomId: string } }
  /** The same for a socket that watched the room on the node that held it before (caps apply, no toggle is spent). */
  | { event: 'cluster:watch'; payload: { roomId: string } };

/** Who sends a forward: the socket as its own node identified it (the holder trusts that, and nothing else). */
export interface ForwardedFrom {
  /** The sending node's id. */
  from: string;
  socketId: string;
  userId: string;
  name: string;
  username: string | null;
  address: string;
  roomId: string;
  /** 1 when the sending node reads its node stream (node-link.ts): answers and views for its sockets may go there. */
  link?: 1;
}

export type Forwarded = ForwardedFrom & NodeRequest;

/** A node's own request (not a client's event). */
export const isNodeOwn = (r: NodeRequest): r is Exclude<NodeRequest, { event: RoomEventName }> => r.event === 'cluster:attach' || r.event === 'cluster:watch';
