/**
 * "Learn to play" (issue 16 §1): a private bot match with fixed rosters (cards/tutorial-rosters.ts), a fixed
 * seed (the same deals and coin flip every time, so the coach's first lessons meet the same hand), no clock,
 * and a gentle bot. The tutorial seed is public by design: nothing is at stake in this match.
 */
import { simplest, strongBot, type Action, type Bot, type CardDef } from '@vroyale/engine';
import { tutorialRosters, TUTORIAL_SEED } from '@vroyale/cards';
import type { Ack, AckError, ClockConfig, Seat } from '@vroyale/protocol';
import type { ServerBot } from '../bots/server-bot.js';
import { seatedAs, type Users } from '../identity/users.js';
import type { Room, RoomDeps } from './room.js';
import type { UserRooms } from './user-rooms.js';

export { tutorialRosters, TUTORIAL_SEED };

/** No clock: a newcomer reading the coach never loses on time. */
export const TUTORIAL_CLOCK: ClockConfig = { untimed: true };

/** The bot seat's name in a tutorial room (restore.ts gives such a room the gentle bot again after a restart). */
export const TUTORIAL_BOT_NAME = 'Bot (tutorial)';

/**
 * The gentle bot: strongBot's plays, but it attacks with at most one character and blocks only the blocks
 * the rules require (Callout, Moderator), so a newcomer's attacks connect and no turn is crushing. It is
 * deterministic: with the fixed seed, the same newcomer's moves meet the same match.
 */
export const gentleBot: Bot = (input) => {
  const blocks = input.legal.find((a) => a.type === 'choose-blocks');
  if (blocks) return simplest(blocks);
  // Its own seed from the position (not the match id): the same answers every time, so the match a newcomer
  // following the coach plays is the one lessons.test.ts simulates (strongBot's search hardly ever depends on
  // its seed in these positions; this makes it a guarantee).
  const a: Action = strongBot({ ...input, seed: `tutorial:${input.view.seq}` });
  return a.type === 'declare-attackers' ? { ...a, attackers: a.attackers.slice(0, 1) } : a;
};

/** The gentle bot on the calling thread (a decision takes about a millisecond). */
export const tutorialBot: ServerBot = {
  name: 'tutorial',
  decide: async (input) => gentleBot(input),
  close: async () => {},
};

interface TutorialConn {
  id: string;
  userId: string;
  address: string;
}

/** What `room:tutorial` needs from the game server (game-server.ts passes it in). */
export interface TutorialHost<C extends TutorialConn> {
  users: Users;
  pool: Record<string, CardDef>;
  userRooms: UserRooms;
  deps: RoomDeps;
  /** The bot-match caps: a tutorial counts as one more live match against the bot. */
  refusal(conn: C): AckError | null;
  newRoom(clock: ClockConfig, deps: RoomDeps): Room;
  attach(conn: C, room: Room): void;
}

/** `room:tutorial`: the newcomer in seat A, the gentle bot in seat B; the match starts at once. */
export function startTutorial<C extends TutorialConn>(conn: C, reply: (ack: Ack<{ roomId: string; seat: Seat }>) => void, host: TutorialHost<C>): void {
  const user = host.users.get(conn.userId)!;
  const refused = host.refusal(conn);
  if (refused) return reply(refused);
  const room = host.newRoom(TUTORIAL_CLOCK, tutorialDeps(host.deps));
  room.fixedSeed = TUTORIAL_SEED;
  const { player, bot } = tutorialRosters;
  room.takeSeat({ ...seatedAs(user), roster: { centre: player.centre, cards: [...player.cards] }, rosterLabel: player.name, bot: false }, 'A');
  room.takeSeat(
    { userId: `bot:${room.roomId}`, name: TUTORIAL_BOT_NAME, roster: { centre: bot.centre, cards: [...bot.cards] }, rosterLabel: bot.name, bot: true },
    'B',
  );
  host.userRooms.claim(room, user.id, conn.address, true);
  reply({ ok: true, roomId: room.roomId, seat: 'A' });
  host.attach(conn, room);
}

/** A newcomer may close the tab and come back the next day: the seat is held that long (not a minute). */
export const TUTORIAL_SEAT_HOLD_MS = 24 * 60 * 60 * 1000;

/** A tutorial room's dependencies: the gentle bot instead of the server's, and the long seat hold. */
export const tutorialDeps = (deps: RoomDeps): RoomDeps => ({
  ...deps,
  bot: tutorialBot,
  config: { ...deps.config, seatHoldMs: Math.max(deps.config.seatHoldMs, TUTORIAL_SEAT_HOLD_MS) },
});
