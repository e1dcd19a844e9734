/**
 * Bot matches nobody plays end by themselves (issue 30). A match against the bot moves only when its manager
 * decides something, and the manager's page stays attached to it from the lobby, so neither a seat hold nor a
 * clock (bot matches are often untimed) ends one that was simply left. Such a match still counts against the
 * bot-match caps: left for long enough, it is lost ('abandoned', as a seat hold ends a match), which frees its
 * place. "Long enough" is `botIdleMs` (VROYALE_BOT_IDLE_MS, default an hour) since the manager's last decision or
 * the match's (re)start, and a day for the tutorial (a newcomer may come back tomorrow, as its seat hold allows).
 * Nothing here decides for a match with two people in it.
 */
import { TUTORIAL_SEAT_HOLD_MS } from './tutorial.js';
import type { Room } from './room.js';

export interface IdleLimits {
  botIdleMs: number;
}

/** How long a match against the bot of this kind may go without a decision of its manager. */
export function idleLimit(room: Room, limits: IdleLimits): number {
  return room.kind === 'tutorial' ? Math.max(limits.botIdleMs, TUTORIAL_SEAT_HOLD_MS) : limits.botIdleMs;
}

/** Concedes, for its manager, every live bot match whose manager has not decided anything for its limit. */
export function endIdleBotMatches(rooms: Iterable<Room>, now: number, limits: IdleLimits): number {
  let ended = 0;
  for (const room of rooms) {
    const m = room.master;
    if (room.status !== 'active' || !m || m.matchResult) continue;
    const human = (['A', 'B'] as const).filter((s) => room.seats[s] && !room.seats[s]!.bot);
    if (human.length !== 1) continue;
    if (now - m.lastHumanActionAt < idleLimit(room, limits)) continue;
    void m.serverConcede(human[0]!, 'abandoned');
    ended++;
  }
  return ended;
}
