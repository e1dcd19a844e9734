/**
 * Who holds which open room: user id → rooms and address → rooms, so the handlers that concern one user
 * (hello's seats, settings, forgetting a user, the caps) never walk every room in the lobby.
 *
 * A room's claimants are its seated humans and its creator, while it is waiting or active. `sync(room)` runs on
 * every room change (seat taken or freed, match started or ended) and on `drop` (swept or closed), so the index
 * follows the room instead of each handler keeping it right. The creator's claim lasts until they leave the room
 * (`release`) or it expires; addresses are known only for claims made through a socket (not after a restart).
 *
 * Finished rooms still in memory (the lobby keeps them `finishedTtlMs`) are indexed apart, by seated human: they
 * count against no cap, but a manager who says hello again (a reconnect, a restart) gets their seat there back,
 * and with it the result.
 */
import type { Room } from './room.js';

interface Claim {
  address: string | null;
  creator: boolean;
}

export class UserRooms {
  private readonly claims = new Map<string, Map<string, Claim>>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byAddress = new Map<string, Map<string, number>>();
  /** Rooms with a server bot in a seat: counted against the bot-match caps, not the open-room ones. */
  private readonly botRooms = new Set<string>();
  /** Finished rooms in memory → their seated humans, and each such human → those rooms. */
  private readonly finishedSeats = new Map<string, string[]>();
  private readonly finishedByUser = new Map<string, Set<string>>();

  /** `userId` created or sat down in `room` from `address`. */
  claim(room: Room, userId: string, address: string | null, creator = false): void {
    if (room.status === 'finished') return;
    const claims = this.claimsOf(room.roomId);
    const old = claims.get(userId);
    if (old) {
      old.creator ||= creator;
      if (old.address === null && address !== null) {
        old.address = address;
        this.addAddress(address, room.roomId);
      }
      return;
    }
    claims.set(userId, { address, creator });
    add(this.byUser, userId, room.roomId);
    if (address !== null) this.addAddress(address, room.roomId);
  }

  /** `userId` left `room` on purpose: their creator's claim ends (a seat they still hold keeps theirs). */
  release(room: Room, userId: string): void {
    const c = this.claims.get(room.roomId)?.get(userId);
    if (c) c.creator = false;
    this.sync(room);
  }

  /** Brings `room`'s claims in line with its seats and status. */
  sync(room: Room): void {
    if (room.status === 'finished') return this.finished(room);
    if (room.seats.A?.bot || room.seats.B?.bot) this.botRooms.add(room.roomId);
    const claims = this.claims.get(room.roomId);
    for (const [userId, c] of claims ?? []) if (!c.creator && !room.seatOf(userId)) this.unclaim(room.roomId, userId);
    // Seats that arrive without a socket (restored rooms; takeSeat before the handler claims) join here.
    for (const occ of [room.seats.A, room.seats.B]) if (occ && !occ.bot) this.claim(room, occ.userId, null);
  }

  /** The room left memory: nobody holds it any more, nor finds their finished seat in it. */
  drop(roomId: string): void {
    this.endClaims(roomId);
    for (const userId of this.finishedSeats.get(roomId) ?? []) remove(this.finishedByUser, userId, roomId);
    this.finishedSeats.delete(roomId);
  }

  /** Finished rooms in memory where `userId` held a seat. */
  finishedOf(userId: string): ReadonlySet<string> {
    return this.finishedByUser.get(userId) ?? EMPTY;
  }

  private finished(room: Room): void {
    this.endClaims(room.roomId);
    if (this.finishedSeats.has(room.roomId)) return;
    const users = [room.seats.A, room.seats.B].filter((o) => o && !o.bot).map((o) => o!.userId);
    this.finishedSeats.set(room.roomId, users);
    for (const userId of users) add(this.finishedByUser, userId, room.roomId);
  }

  /** Ends every claim on the room (it finished or left memory). */
  private endClaims(roomId: string): void {
    for (const userId of [...(this.claims.get(roomId)?.keys() ?? [])]) this.unclaim(roomId, userId);
    this.claims.delete(roomId);
    this.botRooms.delete(roomId);
  }

  /** Open rooms `userId` holds (seat or creator), ids only. */
  roomsOf(userId: string): ReadonlySet<string> {
    return this.byUser.get(userId) ?? EMPTY;
  }

  count(by: { userId: string } | { address: string }, bots: boolean): number {
    const ids = 'userId' in by ? this.roomsOf(by.userId) : (this.byAddress.get(by.address)?.keys() ?? []);
    let n = 0;
    for (const id of ids) if (this.botRooms.has(id) === bots) n++;
    return n;
  }

  private claimsOf(roomId: string): Map<string, Claim> {
    let m = this.claims.get(roomId);
    if (!m) this.claims.set(roomId, (m = new Map()));
    return m;
  }

  private unclaim(roomId: string, userId: string): void {
    const claims = this.claims.get(roomId);
    const c = claims?.get(userId);
    if (!claims || !c) return;
    claims.delete(userId);
    remove(this.byUser, userId, roomId);
    if (c.address !== null) {
      const rooms = this.byAddress.get(c.address)!;
      const n = rooms.get(roomId)! - 1;
      if (n > 0) rooms.set(roomId, n);
      else rooms.delete(roomId);
      if (rooms.size === 0) this.byAddress.delete(c.address);
    }
  }

  private addAddress(address: string, roomId: string): void {
    let rooms = this.byAddress.get(address);
    if (!rooms) this.byAddress.set(address, (rooms = new Map()));
    rooms.set(roomId, (rooms.get(roomId) ?? 0) + 1);
  }
}

const EMPTY: ReadonlySet<string> = new Set();

function add(m: Map<string, Set<string>>, key: string, v: string): void {
  let s = m.get(key);
  if (!s) m.set(key, (s = new Set()));
  s.add(v);
}

function remove(m: Map<string, Set<string>>, key: string, v: string): void {
  const s = m.get(key);
  if (!s) return;
  s.delete(v);
  if (s.size === 0) m.delete(key);
}
