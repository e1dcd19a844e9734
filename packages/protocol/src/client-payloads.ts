/**
 * Zod schemas for every client → server payload. The server parses each incoming payload with the schema of
 * its event before anything else; a payload that fails gets a 'bad-request' ack and is otherwise ignored.
 * Objects are strict so a typo in a field name is an error rather than a silently ignored field.
 */
import { z } from 'zod';
import { ClientAction } from './client-action.js';
import { DisplayName } from './display-name.js';
import { LIMITS } from './limits.js';
import { PassUntilMode, StopSettings } from './stop-settings.js';

export const RoomId = z
  .string()
  .min(1)
  .max(LIMITS.roomIdMax)
  .regex(/^[A-Za-z0-9_-]+$/, 'room ids are base64url');
export type RoomId = z.infer<typeof RoomId>;

export const Seat = z.enum(['A', 'B']);
export type Seat = z.infer<typeof Seat>;

/** Identify: a display name (display-name.ts: normalised, no invisible or bidi characters, not 'Bot...'), and the token from an earlier hello when the browser has one (reconnection). */
export const HelloPayload = z
  .object({
    name: DisplayName,
    token: z.string().min(1).max(LIMITS.tokenMax).optional(),
  })
  .strict();
export type HelloPayload = z.infer<typeof HelloPayload>;

/** A chess clock per manager: `initialMs` each, `incrementMs` for every decision completed. */
export const TimedClock = z
  .object({
    initialMs: z.number().int().min(LIMITS.clockInitialMinMs).max(LIMITS.clockInitialMaxMs),
    incrementMs: z.number().int().min(0).max(LIMITS.clockIncrementMaxMs),
  })
  .strict();
export type TimedClock = z.infer<typeof TimedClock>;

/** No clock at all (a newcomer's pace): no flag falls, no increment; seat holds for absent managers still apply. */
export const UntimedClock = z.object({ untimed: z.literal(true) }).strict();
export type UntimedClock = z.infer<typeof UntimedClock>;

export const ClockConfig = z.union([TimedClock, UntimedClock]);
export type ClockConfig = z.infer<typeof ClockConfig>;

/** Narrows a clock config: true when the room plays without a clock. */
export function isUntimed(c: ClockConfig): c is UntimedClock {
  return 'untimed' in c && c.untimed === true;
}

export const Visibility = z.enum(['public', 'private']);
export type Visibility = z.infer<typeof Visibility>;

/** One game, or a match of up to three games won by the first to win two (issue 34; PR-18, PR-19, PR-22). */
export const MatchFormat = z.enum(['bo1', 'bo3']);
export type MatchFormat = z.infer<typeof MatchFormat>;

/**
 * Private rooms are not listed in the lobby; their unguessable id is the invitation link. Only a private room
 * may be untimed: among strangers a clock is what ends a match whose manager stops answering but stays.
 */
export const CreateRoomPayload = z
  .object({
    visibility: Visibility,
    /** Omitted: the server's defaults. */
    clock: ClockConfig.optional(),
    /** Omitted: one game ('bo1'). */
    format: MatchFormat.optional(),
  })
  .strict()
  .refine((p) => p.visibility === 'private' || !p.clock || !isUntimed(p.clock), { message: 'A public room needs a clock', path: ['clock'] });
export type CreateRoomPayload = z.infer<typeof CreateRoomPayload>;

/** A starter roster id (e.g. 'raid-night') or a deck code ('v1-...'); the server tells which. */
export const RosterChoice = z.string().trim().min(1).max(LIMITS.rosterMax);

export const JoinRoomPayload = z
  .object({
    roomId: RoomId,
    roster: RosterChoice,
    /** Omitted or 'any': the first free seat. */
    seat: z.enum(['A', 'B', 'any']).optional(),
  })
  .strict();
export type JoinRoomPayload = z.infer<typeof JoinRoomPayload>;

/**
 * The levels a player may ask the server's bot for: easy, normal, hard (search, ~1 s). The engine's `expert` is an
 * experiment reachable from the bench only: it did not beat hard by the ladder's bar (docs/bots.md "The ladder").
 */
export const BotLevel = z.enum(['easy', 'normal', 'hard']);
export type BotLevel = z.infer<typeof BotLevel>;

/** A private room with a server-side bot in seat B; the match starts at once. */
export const PlayBotPayload = z
  .object({
    roster: RosterChoice,
    /** The bot's roster; omitted: a starter chosen by the server. */
    botRoster: RosterChoice.optional(),
    /** Omitted: the server's default clock. `{ untimed: true }`: no clock at all. */
    clock: ClockConfig.optional(),
    /** The bot's level; omitted: 'normal'. */
    level: BotLevel.optional(),
    /**
     * A live bot match (or tutorial) of the sender's to concede first: at the bot-match cap the lobby offers to
     * give up the oldest one instead of being refused. Refused `room-not-found` unless it is one of theirs.
     */
    concede: RoomId.optional(),
  })
  .strict();
export type PlayBotPayload = z.infer<typeof PlayBotPayload>;

/** "Learn to play": the server fixes rosters, seed and clock; `concede` as in `room:play-bot`. */
export const TutorialPayload = z.object({ concede: RoomId.optional() }).strict();
export type TutorialPayload = z.infer<typeof TutorialPayload>;

export const RoomRefPayload = z.object({ roomId: RoomId }).strict();
export type RoomRefPayload = z.infer<typeof RoomRefPayload>;

export const SpectatePayload = RoomRefPayload;
export type SpectatePayload = RoomRefPayload;
export const LeaveRoomPayload = RoomRefPayload;
export type LeaveRoomPayload = RoomRefPayload;
/**
 * After a match: offer a rematch, or accept the other manager's offer (the same event). When both managers
 * have asked (or the other seat is a bot), the server opens a new room with the same managers, rosters and
 * clock, seats swapped, and names it in the old room's state (`RoomState.rematch.roomId`).
 */
export const RematchPayload = RoomRefPayload;
export type RematchPayload = RoomRefPayload;

/** A card id as the card files spell them. */
const CardId = z.string().min(1).max(64);
/**
 * Between two games of a match (PR-22): the cards the sender takes out of the roster and brings in from the side
 * deck, one for one (both empty: play the same roster again). Sending it says "ready": it cannot be changed after.
 */
export const SideboardPayload = z
  .object({
    roomId: RoomId,
    swap: z.object({ out: z.array(CardId).max(10), in: z.array(CardId).max(10) }).strict(),
  })
  .strict();
export type SideboardPayload = z.infer<typeof SideboardPayload>;

/**
 * One game action. `seenSeq` is the `seq` of the last view the client acted on: an action sent against an
 * older state is refused ('stale') rather than applied to a position its sender has not seen. A concession
 * is the exception: it is legal at any moment, whatever view it was sent from.
 * `clientActionId` makes a retry safe: the same id never applies twice and gets the first answer again.
 */
export const ActionPayload = z
  .object({
    roomId: RoomId,
    clientActionId: z.string().min(1).max(LIMITS.clientActionIdMax),
    seenSeq: z.number().int().min(0),
    action: ClientAction,
  })
  .strict();
export type ActionPayload = z.infer<typeof ActionPayload>;
export type ActionPayloadInput = z.input<typeof ActionPayload>;

export const ChatPayload = z
  .object({
    roomId: RoomId,
    text: z.string().trim().min(1).max(LIMITS.chatMax),
  })
  .strict();
export type ChatPayload = z.infer<typeof ChatPayload>;

/**
 * The identified user's own settings, sent whole (the browser keeps them); they apply to every match of the
 * user at once and are never shown to anyone else (see docs/auto-pass.md).
 */
export const SettingsPayload = z
  .object({
    stops: StopSettings,
  })
  .strict();
export type SettingsPayload = z.infer<typeof SettingsPayload>;

/** A one-shot pass for one match (see `PassUntilMode`); `mode: null` cancels the one in force. */
export const PassUntilPayload = z
  .object({
    roomId: RoomId,
    mode: PassUntilMode,
  })
  .strict();
export type PassUntilPayload = z.infer<typeof PassUntilPayload>;

/** Events without a payload still take an (empty) object, so every handler parses the same way. */
export const EmptyPayload = z.object({}).strict();
export type EmptyPayload = z.infer<typeof EmptyPayload>;
