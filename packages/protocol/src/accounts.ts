/**
 * Accounts (issue 17): usernames, passwords and the JSON bodies of the HTTP API (docs/api.md). The server
 * parses every request body with these schemas; the web app runs the same ones to explain a refusal before
 * sending.
 *
 * A username is how people find each other (profiles, challenges, leaderboards), so it has one clear rule:
 * 3 to 20 characters, ASCII letters, digits, '_' and '-', starting with a letter. Uniqueness is decided on
 * `usernameKey`, which folds case and the look-alikes that remain inside that alphabet (I, l, i, 1 and |; O
 * and 0; rn and m; vv and w; '-' and '_'), so "Aiko", "AIKO", "Ak0" and "A1ko"-style twins cannot coexist.
 * ASCII only is deliberate: Unicode look-alikes (Cyrillic а, fullwidth letters) would need the whole UTS #39
 * confusables table. Display names of guests stay free (display-name.ts).
 */
import { z } from 'zod';
import { DECK_NAME_MAX, DECKS_PER_ACCOUNT } from './limits.js';
import { StopSettings } from './stop-settings.js';

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 8;
/** argon2 hashes any length, but a request body should be bounded; 128 leaves room for passphrases. */
export const PASSWORD_MAX = 128;

/** Names people would read as the game or its staff speaking. Compared by `usernameKey`. */
const RESERVED = [
  'admin',
  'administrator',
  'moderator',
  'mod',
  'staff',
  'support',
  'system',
  'server',
  'vroyale',
  'guest',
  'bot',
  'root',
  'null',
  'undefined',
  'anonymous',
];

/** The key uniqueness is decided on: case and in-alphabet look-alikes folded (see the file comment). */
export function usernameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/rn/g, 'm')
    .replace(/vv/g, 'w')
    .replace(/[il1|]/g, 'l')
    .replace(/0/g, 'o')
    .replace(/-/g, '_');
}

/** The prefixes a guest's default name and the bot's seat names start with. */
const RESERVED_PREFIXES = ['bot', 'guest'];

/**
 * A reserved name: one of RESERVED in any spelling with the same key, or `bot`/`guest` (in any spelling) followed
 * by `_`, `-` or a digit. The prefix rule is checked on the raw name, not only on the key: folding turns 1 into l
 * and 0 into o, so on the key alone "guest1234" read as "guestl234" and slipped through (issue 31). A tail that is
 * only digits and their look-alikes ("Botl", "guestlO") reads as a number too, so it is reserved as well.
 */
export function isReservedUsername(name: string): boolean {
  const k = usernameKey(name);
  if (RESERVED.some((r) => k === usernameKey(r))) return true;
  for (let end = 1; end <= name.length; end++) {
    if (!RESERVED_PREFIXES.includes(usernameKey(name.slice(0, end)))) continue;
    const tail = name.slice(end);
    if (/^[-_0-9]/.test(tail) || /^[0-9oOiIl|]+$/.test(tail)) return true;
  }
  return false;
}

export const Username = z
  .string()
  .trim()
  .min(USERNAME_MIN, `A username has at least ${USERNAME_MIN} characters`)
  .max(USERNAME_MAX, `A username has at most ${USERNAME_MAX} characters`)
  .regex(/^[A-Za-z][A-Za-z0-9_-]*$/, "A username starts with a letter and uses only letters A-Z, digits, '_' and '-'")
  .refine((n) => !isReservedUsername(n), 'That username is reserved');
export type Username = z.infer<typeof Username>;

export const Password = z
  .string()
  .min(PASSWORD_MIN, `A password has at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `A password has at most ${PASSWORD_MAX} characters`);

/** `POST /api/auth/register`. A guest session in the request becomes this account (decks, history, settings kept). */
export const RegisterBody = z
  .object({ username: Username, password: Password })
  .strict()
  .refine((b) => usernameKey(b.password) !== usernameKey(b.username), { message: 'The password may not be the username', path: ['password'] });
export type RegisterBody = z.infer<typeof RegisterBody>;

/** `POST /api/auth/login`. Not checked against the username rule: a wrong name is a 401 like a wrong password. */
export const LoginBody = z.object({ username: z.string().trim().min(1).max(64), password: z.string().min(1).max(PASSWORD_MAX) }).strict();
export type LoginBody = z.infer<typeof LoginBody>;

/** `POST /api/auth/password`: every other session of the account is signed out. */
export const ChangePasswordBody = z.object({ current: z.string().min(1).max(PASSWORD_MAX), next: Password }).strict();
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

/**
 * `POST /api/auth/guest`: the browser's session cookie for a guest. `token`: a session token this browser kept
 * in localStorage before cookies (adopted once, then forgotten by the page); `name`: the display name.
 */
export const GuestBody = z.object({ name: z.string().max(64).optional(), token: z.string().min(1).max(64).optional() }).strict();
export type GuestBody = z.infer<typeof GuestBody>;

/** The two matchmaking queues; each plays best-of-one or best-of-three (issue 34), each with its own rating. */
export const QueueName = z.enum(['casual', 'ranked']);
export type QueueName = z.infer<typeof QueueName>;

/**
 * What a Glicko-2 rating is kept for: a queue and its format. A best-of-three's rating counts the match (one
 * result per match, when it is decided), never its games.
 */
export const RatingQueue = z.enum(['casual', 'ranked', 'casual-bo3', 'ranked-bo3']);
export type RatingQueue = z.infer<typeof RatingQueue>;
export const RATING_QUEUES: readonly RatingQueue[] = RatingQueue.options;

/** The rating a queue's match of this format moves. */
export function ratingQueueOf(queue: QueueName, format: 'bo1' | 'bo3'): RatingQueue {
  return format === 'bo3' ? `${queue}-bo3` : queue;
}

/** One player's rating in one queue. `provisional`: too few games (RD above 110) for the number to mean much. */
export interface RatingSummary {
  queue: RatingQueue;
  rating: number;
  rd: number;
  volatility: number;
  provisional: boolean;
  games: number;
  wins: number;
  losses: number;
  draws: number;
}

/** How a match came about. */
export type MatchKind = 'ranked' | 'casual' | 'challenge' | 'room' | 'bot' | 'tutorial';

/** One finished match, as seen by one of its managers (profile and history). */
export interface MatchSummary {
  matchId: string;
  roomId: string;
  kind: MatchKind;
  endedAt: number;
  outcome: 'win' | 'loss' | 'draw';
  /** The engine's or server's reason: 'lethal', 'concede', 'time', 'abandoned', ... */
  reason: string;
  /** The roster label this manager played ('Raid Night', or a deck's name). */
  starter: string;
  opponent: { name: string; username: string | null; bot: boolean; starter: string };
  /** Ranked and casual matches: this manager's rating before and after. */
  /** The rating this game moved; in a best-of-three, the last game carries the whole match's change. */
  rating: { queue: RatingQueue; before: number; after: number; rdAfter: number } | null;
  /** `GET` this for the replay (docs/api.md). */
  replay: string;
  /** The best-of-three this game belongs to (its games share it; history lists them newest first), or null. */
  series: string | null;
}

export interface MatchHistoryPage {
  username: string;
  page: number;
  perPage: number;
  total: number;
  matches: MatchSummary[];
}

/** `GET /api/users/:name`. Counts are over finished matches against people (bots and the tutorial excluded). */
export interface PublicProfile {
  username: string;
  createdAt: number;
  ratings: RatingSummary[];
  games: number;
  wins: number;
  losses: number;
  draws: number;
  /** The roster labels this player brings most often, with their record. At most 3. */
  favouriteStarters: { starter: string; games: number; wins: number }[];
  /** The latest 10 (history is paged: `GET /api/users/:name/matches?page=`). */
  recent: MatchSummary[];
}

export interface LeaderboardEntry {
  rank: number;
  username: string;
  rating: number;
  rd: number;
  provisional: boolean;
  games: number;
  wins: number;
}
export interface Leaderboard {
  queue: RatingQueue;
  entries: LeaderboardEntry[];
}

/** `GET /api/me`: who this session is. A guest has no username; `displayName` is what seats and chat show. */
export interface Me {
  userId: string;
  username: string | null;
  displayName: string;
  guest: boolean;
  createdAt: number;
  ratings: RatingSummary[];
}

/** A deck saved on the server. `code` is the deck code the deck builder reads and writes ('v1-...'). */
export interface DeckRecord {
  id: string;
  name: string;
  code: string;
  createdAt: number;
  updatedAt: number;
}
export const DeckName = z.string().trim().min(1).max(DECK_NAME_MAX);
export const DeckCode = z.string().trim().min(1).max(400);
export const DeckBody = z.object({ name: DeckName, code: DeckCode }).strict();
export type DeckBody = z.infer<typeof DeckBody>;
/** `PATCH /api/decks/:id`: rename, or replace the list, or both. */
export const DeckPatch = z.object({ name: DeckName.optional(), code: DeckCode.optional() }).strict();
export type DeckPatch = z.infer<typeof DeckPatch>;
/** `POST /api/decks/import`: the decks this browser kept locally; a deck with the same name and code is skipped. */
export const DeckImportBody = z.object({ decks: z.array(DeckBody).max(DECKS_PER_ACCOUNT) }).strict();
export type DeckImportBody = z.infer<typeof DeckImportBody>;

/**
 * Interface settings (language, animations, sound, clock warning): the web app's own object, stored as given
 * and read back through its own schema (anything it no longer understands falls back to its defaults).
 */
export const UiSettings = z
  .record(z.string().max(40), z.unknown())
  .refine((o) => JSON.stringify(o).length <= 4096, 'Interface settings are at most 4 KB of JSON');
export type UiSettings = z.infer<typeof UiSettings>;
export interface AccountSettings {
  stops: StopSettings;
  ui: UiSettings | null;
}
/** `PUT /api/settings`: either part, or both. Stops also arrive over the socket (`settings`); the last write wins. */
export const SettingsBody = z.object({ stops: StopSettings.optional(), ui: UiSettings.optional() }).strict();
export type SettingsBody = z.infer<typeof SettingsBody>;

export const REPORT_REASONS = ['cheating', 'abuse', 'spam', 'offensive-name', 'stalling', 'other'] as const;
/**
 * `POST /api/reports`: a player named by username, or a seat of a match the reporter played or watched (guests
 * have no username). Stored for moderators (`npm run admin -- reports`).
 */
export const ReportBody = z
  .object({
    username: z.string().trim().min(1).max(64).optional(),
    matchId: z.string().min(1).max(64).optional(),
    seat: z.enum(['A', 'B']).optional(),
    reason: z.enum(REPORT_REASONS),
    note: z.string().trim().max(500).optional(),
  })
  .strict()
  .refine((b) => b.username !== undefined || (b.matchId !== undefined && b.seat !== undefined), {
    message: 'Name the player: a username, or a match and seat',
  });
export type ReportBody = z.infer<typeof ReportBody>;

/**
 * Every HTTP error body: `error` is for programs, `message` for people. Status codes: 400 bad body, 401 not
 * signed in or wrong credentials, 403 banned or not allowed, 404 unknown, 409 taken, 429 throttled (with
 * Retry-After).
 */
export interface ApiError {
  error: ApiErrorCode;
  message: string;
}
export type ApiErrorCode =
  | 'bad-request'
  | 'username-taken'
  | 'bad-credentials'
  | 'not-signed-in'
  | 'already-registered'
  | 'banned'
  | 'too-many-attempts'
  | 'too-many-sessions'
  | 'too-many-decks'
  | 'not-found'
  | 'forbidden';

/** The session cookie (httpOnly, SameSite=Lax, Path=/; Secure over https). Tools may send the token as `Authorization: Bearer`. */
export const SESSION_COOKIE = 'vroyale_session';
