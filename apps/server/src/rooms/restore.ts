/**
 * Start-up: every room that was waiting or playing when the server stopped comes back. A match is rebuilt
 * by replaying its action log from the seed (master/replay.ts), so clients that reconnect see the same
 * state hash as before the stop. A match whose log no longer replays is marked 'broken', not resumed.
 *
 * Rooms whose match ended within `finishedTtlMs` come back too, as they were in memory before the stop: a
 * manager whose last action ended the match just before a crash must still get its ack again (duplicate
 * clientActionId), the result view on hello, and the lobby its "recently finished" entry. Older ones stay in
 * the database only (the replay endpoint still serves them).
 *
 * In a cluster (cluster/ownership.ts) an active match comes back only if this node can take its lease: one whose
 * owner is alive stays with it. Waiting rooms do not come back in a cluster (no lease says whose they are).
 */
import { TUTORIAL_BOT_NAME, tutorialDeps } from './tutorial.js';
import { MatchMaster } from '../master/match-master.js';
import { PublicLog } from '../master/public-log.js';
import { replayMatch } from '../master/replay.js';
import type { Lobby } from './lobby.js';
import { Room, type RoomDeps } from './room.js';
import type { MatchRecord, RoomRecord } from '../storage/records.js';

export async function restoreRooms(deps: RoomDeps, lobby: Lobby): Promise<{ rooms: number; matches: number; broken: number; finished: number }> {
  const counts = { rooms: 0, matches: 0, broken: 0, finished: 0 };
  const now = deps.clock.now();
  for (const rec of await deps.storage.liveRooms()) {
    // In a cluster a waiting room has no lease saying which node holds it: restoring it here could make two
    // nodes seat different players in one room (two matches). It stays with its node; a dead node's are lost
    // (no match, no action in them), and their players create another.
    if (deps.ownership && rec.status !== 'active') continue;
    const got = await restoreLiveRoom(deps, lobby, rec, 'acquire');
    if (got === 'broken') counts.broken++;
    if (got === 'match') counts.matches++;
    if (got === 'match' || got === 'waiting') counts.rooms++;
  }
  for (const rec of await deps.storage.finishedRoomsSince(now - deps.config.finishedTtlMs)) {
    const match = rec.matchId ? await deps.storage.match(rec.matchId) : null;
    if (match && (await restoreFinishedRoom(deps, lobby, rec, match))) counts.finished++;
  }
  return counts;
}

/**
 * A room whose match ended, back in memory with its result (start-up; in a cluster also a best-of-three's game
 * whose side-deck window another node takes over). Null if the match has no result or its log does not replay.
 */
export async function restoreFinishedRoom(deps: RoomDeps, lobby: Lobby, rec: RoomRecord, match: MatchRecord): Promise<Room | null> {
  if (!match.result || match.endedAt === null) return null;
  const log = new PublicLog();
  const replayed = replayMatch(match, await deps.storage.actions(match.id), deps.pool, log, rec.clock);
  if (!replayed.ok) {
    // Its result stands (it is stored); only the room is not worth bringing back.
    deps.log.warn({ roomId: rec.id, matchId: match.id, why: replayed.message }, 'finished match log does not replay; room not restored');
    return null;
  }
  const room = new Room(deps, rec);
  // The lobby's list and its sweep count from the match's end, as they did before the stop.
  room.finishedAt = match.endedAt;
  // A master with a result schedules nothing; it answers duplicates and sends the result view.
  room.restoreMaster(new MatchMaster(deps, room, match, replayed.state, replayed.clientAcks, log, replayed.delay));
  lobby.add(room);
  return room;
}

/**
 * One live room back in memory (start-up, or a takeover: cluster/takeover.ts). An active match is replayed from
 * its log; its clocks restart now with the time left at its last commit, so an outage is charged to nobody.
 * `lease`: 'acquire' takes the match's lease first in a cluster (none: skipped); 'held' when the caller did.
 */
export async function restoreLiveRoom(
  deps: RoomDeps,
  lobby: Lobby,
  rec: RoomRecord,
  lease: 'acquire' | 'held',
): Promise<'match' | 'waiting' | 'broken' | 'skipped'> {
  const now = deps.clock.now();
  for (const occ of [rec.seats.A, rec.seats.B]) if (occ && !occ.bot) await deps.users.recall(occ.userId, occ.name, occ.username ?? null);
  const d = rec.seats.B?.bot && rec.seats.B.name === TUTORIAL_BOT_NAME ? tutorialDeps(deps) : deps;
  const room = new Room(d, rec);
  if (rec.status !== 'active') {
    room.holdAbsentSeats();
    lobby.add(room);
    return 'waiting';
  }
  const match = rec.matchId ? await deps.storage.match(rec.matchId) : null;
  if (!match || match.status !== 'active') {
    deps.log.error({ roomId: rec.id, matchId: rec.matchId }, 'active room without an active match; closing it');
    await deps.storage.setRoomStatus(rec.id, 'closed', now);
    return 'broken';
  }
  // In a cluster another node may be running this match: only a lease that ran out (or none) is ours to take.
  if (lease === 'acquire' && deps.ownership && !(await deps.ownership.acquire(match.id, 'taken-over'))) return 'skipped';
  const log = new PublicLog();
  // A ranked match's spectators' delay comes back as the live match had it (master/spectator-delay.ts).
  const replayed = replayMatch(match, await deps.storage.actions(match.id), deps.pool, log, rec.clock);
  if (!replayed.ok) {
    deps.log.error({ roomId: rec.id, matchId: match.id, why: replayed.message }, 'match log does not replay; marked broken');
    await deps.storage.markBroken(match.id, rec.id, now);
    return 'broken';
  }
  room.restoreMaster(new MatchMaster(d, room, match, replayed.state, replayed.clientAcks, log, replayed.delay));
  lobby.add(room);
  return 'match';
}
