/**
 * Matchmaking over the socket (issue 17 §3): two queues and direct challenges. The server keeps each
 * user's queue entry (not each socket's: several tabs see the same state) and tells every socket of the user
 * through `queue:state` and `challenge:update`.
 *
 * A pairing found while both players have a socket starts at once (`matched`). When one of them has no socket
 * (a reload, a dropped connection), the pair waits `QUEUE_ACCEPT_MS` in `found`: the absent player sees the
 * offer when they are back and accepts it (`queue:accept`); otherwise they leave the queue and the other goes
 * back to searching with the time they had already waited.
 */
import { z } from 'zod';
import { QueueName } from './accounts.js';
import { ClockConfig, MatchFormat, RosterChoice, Seat } from './client-payloads.js';

// QUEUE_ACCEPT_MS and CHALLENGE_TTL_MS are in limits.ts (free of zod: the web app's first page reads them).

/** Enter a queue (or switch queue or deck: a user is in at most one queue). Ranked needs an account. */
export const QueueJoinPayload = z
  .object({
    queue: QueueName,
    roster: RosterChoice,
    /** Omitted: best-of-one. Each format is its own queue (paired only with the same format) and its own rating. */
    format: MatchFormat.optional(),
  })
  .strict();
export type QueueJoinPayload = z.infer<typeof QueueJoinPayload>;

export type QueueState =
  | {
      status: 'idle';
      /** Why the user is no longer searching, when it was not their own doing. */ reason?: 'opponent-missed' | 'you-missed' | 'banned' | 'signed-out';
    }
  | {
      status: 'searching';
      queue: QueueName;
      format: MatchFormat;
      /** Server time the search began (kept through a missed pairing). */
      since: number;
      serverNow: number;
      /** Back to searching because the opponent found missed the window or left (issue 17 §3: the reason is shown). */
      reason?: 'opponent-missed' | 'opponent-left';
    }
  | {
      status: 'found';
      queue: QueueName;
      format: MatchFormat;
      deadline: number;
      serverNow: number;
      /** Has this user accepted (or is present)? */ accepted: boolean;
      opponentAccepted: boolean;
    }
  | { status: 'matched'; queue: QueueName; format: MatchFormat; roomId: string; seat: Seat };

/** Challenge a user by username to a match with these settings. */
export const ChallengeSendPayload = z
  .object({
    username: z.string().trim().min(1).max(64),
    roster: RosterChoice,
    /** Omitted: the server's default clock. Untimed is allowed: the challenge is private. */
    clock: ClockConfig.optional(),
    /** Omitted: one game. */
    format: MatchFormat.optional(),
  })
  .strict();
export type ChallengeSendPayload = z.infer<typeof ChallengeSendPayload>;

export const ChallengeId = z
  .string()
  .min(1)
  .max(32)
  .regex(/^[A-Za-z0-9_-]+$/);
/** Accept (with the roster to play) or decline a challenge addressed to you. */
export const ChallengeAnswerPayload = z
  .object({ challengeId: ChallengeId, accept: z.boolean(), roster: RosterChoice.optional() })
  .strict()
  .refine((p) => !p.accept || p.roster !== undefined, { message: 'Accepting needs a roster', path: ['roster'] });
export type ChallengeAnswerPayload = z.infer<typeof ChallengeAnswerPayload>;

export const ChallengeCancelPayload = z.object({ challengeId: ChallengeId }).strict();
export type ChallengeCancelPayload = z.infer<typeof ChallengeCancelPayload>;

/**
 * Sent to the sockets of both users whenever a challenge changes. `accepted` carries the new room: both
 * managers are seated (the challenger in seat A) and the match starts.
 */
export interface ChallengeUpdate {
  challengeId: string;
  from: { username: string };
  to: { username: string };
  clock: ClockConfig;
  format: MatchFormat;
  status: 'pending' | 'accepted' | 'declined' | 'cancelled' | 'expired';
  expiresAt: number;
  roomId: string | null;
}
