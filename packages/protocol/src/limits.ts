/**
 * Size and time limits shared by the server (which enforces them) and the web app (which can say so before
 * sending). They are part of the protocol: changing one is a protocol change. Free of zod, like every module
 * the web app's first page reads (docs/performance.md, "The first page").
 */
export const LIMITS = {
  /** Display names are shown to strangers: short, and trimmed of surrounding spaces. */
  nameMax: 24,
  /** Room chat message length (the bound). */
  chatMax: 300,
  /**
   * The chat history a socket gets on entering a room (one `room:chat-history`): the newest lines, at most this
   * many lines and this many UTF-8 bytes of text and names (50 lines of 300 characters outside ASCII are ~45 KB),
   * so 500 spectators arriving cost 500 bounded messages.
   */
  chatHistoryLines: 50,
  chatHistoryBytes: 16_384,
  /** A client's idempotency key for one action; any string the client likes, within reason. */
  clientActionIdMax: 64,
  /** Session tokens are 32 random bytes in base64url (43 characters); anything longer is not one of ours. */
  tokenMax: 64,
  /** Room ids are 16 base64url characters (12 random bytes); the schema accepts a little slack. */
  roomIdMax: 32,
  /** A starter roster id or a deck code (v1 codes of 30-card rosters are ~80 characters). */
  rosterMax: 400,
  /** Clock bounds a room may ask for: 10 s to 2 h initial, up to 1 min increment. */
  clockInitialMinMs: 10_000,
  clockInitialMaxMs: 2 * 60 * 60 * 1000,
  clockIncrementMaxMs: 60_000,
  /**
   * The match log a socket gets on entering a room (one `match:log-history`): the public events of at most this
   * many of the latest actions (a whole match is typically 150-400).
   */
  logHistoryBatches: 300,
} as const;

/** A pairing found while one player was away waits this long for them to accept (matchmaking.ts). */
export const QUEUE_ACCEPT_MS = 20_000;
/** A challenge not answered in this time expires. */
export const CHALLENGE_TTL_MS = 60_000;

/** Saved decks (accounts.ts): a name's length, and how many one account keeps. */
export const DECK_NAME_MAX = 40;
export const DECKS_PER_ACCOUNT = 100;
