/**
 * Every client → server event is answered with an ack: `{ ok: true, ...data }` or `{ ok: false, code,
 * message }`. `code` is for programs (one of ERROR_CODES, or the engine's rejection code when the rules
 * refused an action); `message` is for people.
 */
import type { RejectCode } from '@vroyale/engine';

export const ERROR_CODES = [
  /** The payload failed its schema. */
  'bad-request',
  /** Send 'hello' first. */
  'not-identified',
  /** Too many messages from this connection, or too many chat lines. */
  'rate-limited',
  'room-not-found',
  'room-full',
  /** This session or address already holds as many open rooms as allowed: leave or finish one first. */
  'too-many-rooms',
  /** This session or address already plays as many live bot matches as allowed: finish or concede one. */
  'too-many-bot-matches',
  /** This session or address already watches as many rooms as allowed: leave one first. */
  'too-many-spectated',
  /**
   * `hello` without a valid token would start a new session, and this address already started as many this
   * hour as allowed: say hello with the token you have, or try again later.
   */
  'too-many-sessions',
  'seat-taken',
  'already-seated',
  'invalid-roster',
  /** The sender watches this room or is not in it: only seated managers act. */
  'not-a-manager',
  /** The action names the other manager. */
  'wrong-seat',
  /** `seenSeq` is not the match's current seq (never for a concession, which is accepted on any view). */
  'stale',
  'not-started',
  'match-over',
  /** A rematch is only for a finished match. */
  'not-finished',
  /** A side-deck swap outside the window between two games of a match, or sent twice. */
  'not-between-games',
  /** The side-deck swap breaks PR-22 or a RUL-DECK rule (the message says which card and why). */
  'illegal-swap',
  /**
   * The server is restarting: nothing was done. Clients send the message again by themselves once reconnected
   * (an action with the same clientActionId), without showing anything.
   */
  'shutting-down',
  /**
   * The match moved to another server (a hand-over or a takeover) before this message was handled: nothing was
   * done. Clients send it again by themselves (an action with the same clientActionId, deduplicated by the new
   * owner), without showing anything.
   */
  'moved',
  /** The database is unreachable (restarting): nothing was saved; send the same action again (a duplicate is never applied twice). */
  'unavailable',
  /** Ranked play and challenges need an account. */
  'not-signed-in',
  /** The account is banned (`npm run admin -- ban`). */
  'banned',
  /** `queue:accept` without a pending pairing, `challenge:answer` to a challenge that is gone. */
  'not-pending',
  /** A queue entry while a ranked or casual match of this user is still live (one queue match at a time). */
  'already-playing',
  /** A challenge to nobody, to yourself, to someone offline, or to someone who blocked you (one answer for all). */
  'challenge-unavailable',
  /** No such tournament (or an invite-only one without its invite code). */
  'tournament-not-found',
  /** Only the tournament's organiser may do this. */
  'not-organiser',
  /** Not at this point of the event (registration closed, no ready check open, the round not over...): the message says. */
  'wrong-phase',
  /** The sender has no entry in this tournament (or has dropped). */
  'not-registered',
  /** No attempt of this puzzle is open for the sender (ask `puzzle:daily` or `puzzle:next` first). */
  'puzzle-not-found',
  /** The attempt is over (solved or failed): ask for the solution or the next puzzle. */
  'puzzle-over',
  'internal',
] as const;
export type ServerErrorCode = (typeof ERROR_CODES)[number];
export type ErrorCode = ServerErrorCode | RejectCode;

export interface AckError {
  ok: false;
  code: ErrorCode;
  message: string;
}
export type AckOk<T extends object = object> = { ok: true } & T;
export type Ack<T extends object = object> = AckOk<T> | AckError;

export type AckFn<T extends object = object> = (ack: Ack<T>) => void;
