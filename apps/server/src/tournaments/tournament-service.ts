/**
 * The tournaments of this node (issue 34 §2; tournament.ts is one event): creation, the Events list, who watches
 * which event, a match's result routed to its event, round time's extra turns (PR-20), and restore at start-up.
 * Updates go to the sockets watching an event (a player's sockets watch their running events from hello on): one
 * shared view per event, paced by its size, and each user's own part (`tournament:you`) when it changed.
 */
import type { Roster } from '@vroyale/engine';
import type {
  ClockConfig,
  TournamentCreatePayload,
  TournamentManagePayload,
  TournamentRef,
  TournamentSummary,
  TournamentView,
  TournamentYou,
} from '@vroyale/protocol';
import { EXTRA_TURNS, type MatchResult } from '@vroyale/tournament';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { Room } from '../rooms/room.js';
import { inBackground } from '../storage/background-write.js';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import type { AccountFacts, Store } from '../storage/store.js';
import type { Clock } from '../time/clock.js';
import { Pairer } from './pairing.js';
import { newTournamentRecord, Tournament, type Done, type TournamentHost } from './tournament.js';
import { personalPart, sharedView, summaryOf, viewOf } from './tournament-view.js';

/** At most one update per event this often (ms, real time: it paces the sockets, not the rules). */
const FLUSH_MS = 500;
/** What one event's updates may push to its watchers in all, per second (bytes of JSON). */
const PUSH_BYTES_PER_SEC = 4_000_000;
/** A deadline that passed while the server was down gets this long once it is back. */
const RESUME_GRACE_MS = 60_000;
/** Finished events stay in the Events list this long (and come back after a restart). */
export const FINISHED_LISTED_MS = 7 * 24 * 3_600_000;

export interface TournamentPlayer {
  userId: string;
  name: string;
  username: string;
  roster: Roster;
  side: string[];
  rosterLabel: string;
}

export interface TournamentServiceDeps {
  storage: Store;
  clock: Clock;
  log: Logger;
  facts: AccountFacts;
  defaultClock: ClockConfig;
  readyMs: number;
  maxPlayers: number;
  /** Open tournaments (registration or running) one account may organise at once. */
  maxOrganised: number;
  send(socketIds: string[], view: TournamentView): void;
  /** This user's own part of an event's view (`tournament:you`). */
  sendMine(socketIds: string[], mine: TournamentYou): void;
  /** Opens a started match for the two players (matchmaking's host): returns its room. */
  startMatch(clock: ClockConfig, format: 'bo1' | 'bo3', a: TournamentPlayer, b: TournamentPlayer): Promise<string>;
  room(roomId: string): Room | undefined;
  /** A registered roster, resolved again when a match opens (the card pool is the server's). */
  resolve(choice: string): { ok: true; roster: Roster; side: string[]; label: string } | { ok: false; message: string };
}

/** Who sent a tournament event: the user, and the socket that hears the ack. */
export type Who = { userId: string; socketId: string };

type Err = {
  ok: false;
  code: 'tournament-not-found' | 'not-organiser' | 'not-signed-in' | 'banned' | 'wrong-phase' | 'not-registered' | 'bad-request';
  message: string;
};
const err = (code: Err['code'], message: string): Err => ({ ok: false, code, message });

export class TournamentService {
  private readonly byId = new Map<string, Tournament>();
  /** The first room of each match of an event → the event. */
  private readonly byRoom = new Map<string, Tournament>();
  /** tournament → socket → who watches it, and the personal part last sent to that socket (JSON). */
  private readonly watchers = new Map<string, Map<string, { userId: string; mine: string }>>();
  /** socket → the events it watches, and user → the events they entered: a hello or a close touches only those. */
  private readonly watchedBy = new Map<string, Set<string>>();
  private readonly enteredBy = new Map<string, Set<Tournament>>();
  /** Per event: its next update's timer, and the earliest time it may go out (performance.now()). */
  private readonly flushTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly flushAt = new Map<string, number>();
  private readonly host: TournamentHost<Tournament>;
  private readonly pairer: Pairer;

  constructor(private readonly d: TournamentServiceDeps) {
    this.pairer = new Pairer(d.log);
    this.host = {
      pair: (state) => this.pairer.pair(state),
      clock: d.clock,
      log: d.log,
      readyMs: d.readyMs,
      save: (rec) => inBackground(d.log, d.storage.tournaments.save(rec, d.clock.now()), 'saving a tournament failed', { tournamentId: rec.id }),
      changed: (t) => this.changed(t),
      startMatch: (t, a, b) => this.startMatch(t, a, b),
      callTime: (t, roomIds) => this.callTime(t, roomIds),
    };
  }

  get size(): number {
    return this.byId.size;
  }

  async create(
    userId: string,
    p: TournamentCreatePayload & { format: 'bo1' | 'bo3' },
  ): Promise<{ ok: true; tournamentId: string; invite: string | null } | Err> {
    const [username, banned] = await Promise.all([this.d.facts.usernameOf(userId), this.d.facts.bannedAt(userId)]);
    if (!username) return err('not-signed-in', 'Organising a tournament needs an account: register or sign in first');
    if (banned !== null) return err('banned', 'This account is banned');
    const open = [...this.byId.values()].filter(
      (t) => t.rec.organiser.userId === userId && (t.rec.status === 'registration' || t.rec.status === 'running' || t.rec.status === 'paused'),
    );
    if (open.length >= this.d.maxOrganised)
      return err('wrong-phase', `You already organise ${open.length} open tournaments, the most one account may; finish or cancel one first`);
    const now = this.d.clock.now();
    const visibility = p.visibility ?? 'public';
    const rec = newTournamentRecord(`t_${randomBytes(9).toString('base64url')}`, {
      name: p.name.trim(),
      organiser: { userId, username },
      format: p.format,
      clock: p.clock && !('untimed' in p.clock) ? p.clock : this.d.defaultClock,
      rounds: p.rounds ?? null,
      topCut: p.topCut ?? 0,
      roundMinutes: p.roundMinutes ?? 50,
      visibility,
      invite: visibility === 'invite' ? randomBytes(9).toString('base64url') : null,
      registrationEndsAt: now + (p.registrationMinutes ?? 30) * 60_000,
      createdAt: now,
    });
    const t = this.add(rec);
    this.host.save(rec);
    t.opened();
    this.d.log.info({ tournamentId: rec.id, organiser: username }, 'tournament created');
    return { ok: true, tournamentId: rec.id, invite: rec.invite };
  }

  /** Public events and the user's own (organised or entered), open ones first, newest first. */
  list(userId: string): TournamentSummary[] {
    const mine = (t: Tournament) => t.rec.organiser.userId === userId || !!t.entrantOf(userId);
    const rank = (t: Tournament) => (t.rec.status === 'finished' || t.rec.status === 'cancelled' ? 1 : 0);
    return [...this.byId.values()]
      .filter((t) => t.rec.visibility === 'public' || mine(t))
      .sort((a, b) => rank(a) - rank(b) || b.rec.createdAt - a.rec.createdAt)
      .slice(0, 100)
      .map((t) => summaryOf(t.rec));
  }

  /** The event, if the user may see it: public, theirs, or reached with its invite code. */
  private find(ref: TournamentRef, userId: string): Tournament | Err {
    const t = this.byId.get(ref.tournamentId);
    const allowed = t && (t.rec.visibility === 'public' || ref.invite === t.rec.invite || t.rec.organiser.userId === userId || !!t.entrantOf(userId));
    return allowed ? t : err('tournament-not-found', 'No such tournament (an invite-only event needs its link)');
  }

  view(t: Tournament, userId: string | null): TournamentView {
    return viewOf(t.rec, userId, this.d.clock.now(), (id) => this.currentRoom(id));
  }

  watch(socketId: string, userId: string, ref: TournamentRef): { ok: true; view: TournamentView } | Err {
    const t = this.find(ref, userId);
    if ('ok' in t) return t;
    let w = this.watchers.get(t.id);
    if (!w) this.watchers.set(t.id, (w = new Map()));
    const view = this.view(t, userId);
    w.set(socketId, { userId, mine: JSON.stringify({ you: view.you, organiserTools: view.organiserTools }) });
    let mine = this.watchedBy.get(socketId);
    if (!mine) this.watchedBy.set(socketId, (mine = new Set()));
    mine.add(t.id);
    return { ok: true, view };
  }

  unwatch(socketId: string, tournamentId: string): void {
    this.watchers.get(tournamentId)?.delete(socketId);
    this.watchedBy.get(socketId)?.delete(tournamentId);
  }

  /** A closed socket watches nothing. */
  socketClosed(socketId: string): void {
    for (const id of this.watchedBy.get(socketId) ?? []) this.watchers.get(id)?.delete(socketId);
    this.watchedBy.delete(socketId);
  }

  /** After a hello: the socket watches the user's running events (a ready check reaches them wherever they are). */
  hello(userId: string, socketId: string): void {
    for (const t of this.enteredBy.get(userId) ?? []) {
      const e = t.entrantOf(userId);
      if (!e || (t.rec.status !== 'running' && t.rec.status !== 'paused')) continue;
      const r = this.watch(socketId, userId, { tournamentId: t.id });
      if (r.ok) this.d.send([socketId], r.view);
    }
  }

  async register(who: Who, name: string, ref: TournamentRef, roster: string): Promise<{ ok: true; view: TournamentView } | Err> {
    const { userId } = who;
    const t = this.find(ref, userId);
    if ('ok' in t) return t;
    const [username, banned] = await Promise.all([this.d.facts.usernameOf(userId), this.d.facts.bannedAt(userId)]);
    if (!username) return err('not-signed-in', 'Tournaments need an account: register or sign in first');
    if (banned !== null) return err('banned', 'This account is banned');
    const r = this.d.resolve(roster);
    if (!r.ok) return { ok: false, code: 'bad-request', message: r.message };
    const done = t.register({ userId, name, username, roster, label: r.label }, this.d.maxPlayers);
    if (done.ok) this.entered(userId, t);
    return this.answer(t, who, done);
  }

  unregister(who: Who, ref: TournamentRef): { ok: true; view: TournamentView } | Err {
    const t = this.find(ref, who.userId);
    if ('ok' in t) return t;
    const done = t.unregister(who.userId);
    if (done.ok) this.enteredBy.get(who.userId)?.delete(t);
    return this.answer(t, who, done);
  }

  ready(who: Who, ref: TournamentRef): { ok: true; view: TournamentView } | Err {
    const t = this.find(ref, who.userId);
    return 'ok' in t ? t : this.answer(t, who, t.ready(who.userId));
  }

  drop(who: Who, ref: TournamentRef): { ok: true; view: TournamentView } | Err {
    const t = this.find(ref, who.userId);
    if ('ok' in t) return t;
    const e = t.entrantOf(who.userId);
    if (!e) return err('not-registered', 'You are not registered in this tournament');
    return this.answer(t, who, t.drop(e.playerId, 'self'));
  }

  manage(who: Who, p: TournamentManagePayload): { ok: true; view: TournamentView } | Err {
    const t = this.byId.get(p.tournamentId);
    if (!t) return err('tournament-not-found', 'No such tournament');
    if (t.rec.organiser.userId !== who.userId) return err('not-organiser', 'Only the organiser can do this');
    const done = p.op === 'drop' ? t.drop(p.playerId, 'organiser') : t.manage(p);
    return this.answer(t, who, done);
  }

  /**
   * The ack's whole view; the sending socket now knows its own part as of this view, so the next push tells it
   * only a later change (else a part that changed and changed back before the push would never reach it).
   */
  private answer(t: Tournament, who: Who, done: Done): { ok: true; view: TournamentView } | Err {
    if (!done.ok) return done;
    const view = this.view(t, who.userId);
    const watch = this.watchers.get(t.id)?.get(who.socketId);
    if (watch) watch.mine = JSON.stringify({ you: view.you, organiserTools: view.organiserTools });
    return { ok: true, view };
  }

  /** A match is over: if it is an event's, its result is recorded (from seat A's side, the pairing's player a). */
  matchDecided(firstRoomId: string, score: MatchResult): void {
    const t = this.byRoom.get(firstRoomId);
    if (!t) return;
    delete t.rec.turnsAtTime[firstRoomId];
    t.matchDecided(firstRoomId, score);
  }

  /** Start-up, after rooms and series came back: events not over run again; finished ones are listed. */
  async restore(): Promise<number> {
    const now = this.d.clock.now();
    let n = 0;
    for (const rec of await this.d.storage.tournaments.load(now - FINISHED_LISTED_MS)) {
      const t = this.add(rec);
      t.resume(RESUME_GRACE_MS);
      // A table whose match was decided while its result was not saved yet (the server stopped in between).
      for (const first of t.openRooms()) {
        const score = this.decidedScore(first);
        if (score) t.matchDecided(first, score);
      }
      n++;
    }
    return n;
  }

  close(): void {
    for (const t of this.byId.values()) t.stop();
    for (const timer of this.flushTimers.values()) clearTimeout(timer);
    this.flushTimers.clear();
    this.pairer.close();
  }

  private add(rec: TournamentRecord): Tournament {
    const t = new Tournament(this.host, rec);
    this.byId.set(rec.id, t);
    for (const e of rec.entrants) this.entered(e.userId, t);
    for (const roomId of Object.values(rec.rooms)) {
      this.byRoom.set(roomId, t);
      this.link(rec.id, roomId);
    }
    return t;
  }

  private entered(userId: string, t: Tournament): void {
    let mine = this.enteredBy.get(userId);
    if (!mine) this.enteredBy.set(userId, (mine = new Set()));
    mine.add(t);
  }

  /** The match's rooms (a best-of-three's later games too) know their event: its page, and no rematch. */
  private link(tournamentId: string, firstRoomId: string): void {
    const first = this.d.room(firstRoomId);
    for (const g of first?.series?.rec.games ?? [{ roomId: firstRoomId }]) {
      const room = this.d.room(g.roomId);
      if (room && room.tournamentId !== tournamentId) {
        room.tournamentId = tournamentId;
        room.broadcastState();
      }
    }
  }

  /** The score of the match that began in `firstRoomId` if it is decided (its game over, or its series done). */
  private decidedScore(firstRoomId: string): MatchResult | null {
    const room = this.d.room(firstRoomId);
    const series = room?.series;
    if (series) {
      if (series.rec.status !== 'done') return null;
      const w = series.wins();
      return { winsA: w.A, winsB: w.B, draws: series.rec.games.filter((g) => g.winner === 'draw').length };
    }
    const r = room?.master?.matchResult;
    return r ? { winsA: r.winner === 'A' ? 1 : 0, winsB: r.winner === 'B' ? 1 : 0, draws: r.winner === 'draw' ? 1 : 0 } : null;
  }

  /** The room of the game being played in the match that began in `firstRoomId` (a best-of-three moves on). */
  private currentRoom(firstRoomId: string): string {
    const games = this.d.room(firstRoomId)?.series?.rec.games;
    return games?.[games.length - 1]?.roomId ?? firstRoomId;
  }

  private async startMatch(t: Tournament, a: TournamentEntrant, b: TournamentEntrant): Promise<string> {
    const player = (e: TournamentEntrant) => {
      const r = this.d.resolve(e.roster);
      if (!r.ok) throw new Error(`the registered roster of ${e.playerId} no longer resolves: ${r.message}`);
      return { userId: e.userId, name: e.name, username: e.username, roster: r.roster, side: r.side, rosterLabel: r.label };
    };
    const roomId = await this.d.startMatch(t.rec.clock, t.rec.format, player(a), player(b));
    this.byRoom.set(roomId, t);
    this.link(t.id, roomId);
    return roomId;
  }

  /** Round time (PR-20): each running game's turn now; it is drawn once EXTRA_TURNS more have begun (`turnMoved`). */
  private callTime(t: Tournament, roomIds: string[]): void {
    for (const first of roomIds) {
      const room = this.d.room(first);
      room?.series?.callTime();
      const current = this.d.room(this.currentRoom(first));
      const turn = current?.master && !current.master.matchResult ? current.master.turn : null;
      if (turn !== null) t.rec.turnsAtTime[first] = turn;
    }
    this.host.save(t.rec);
  }

  /**
   * A live game's turn moved on (the master's progress hook): past round time, a game whose turn is more than
   * EXTRA_TURNS beyond the one at time is drawn. Queued on the match behind the unit that began that turn, so no
   * action of the new turn is applied first.
   */
  turnMoved(room: Room): void {
    const first = room.series?.rec.games[0]?.roomId ?? room.roomId;
    const t = this.byRoom.get(first);
    const atTime = t?.rec.turnsAtTime[first];
    const master = room.master;
    if (atTime === undefined || !master || master.matchResult) return;
    if (master.turn - atTime > EXTRA_TURNS) void master.serverDraw('round-time');
  }

  /**
   * Throttled per event: its changes within the wait make one update. The shared view goes to every watcher in one
   * send (encoded once, however many watch); each user's own part (`tournament:you`) only to a socket that last
   * heard a different one. The wait is `FLUSH_MS`, or longer when the view times its watchers would exceed
   * `PUSH_BYTES_PER_SEC`: a 256-player event's view is ~150 KB by its last round, and pushing it to 257 sockets
   * twice a second stalled every match on the node (bench:tournament: honest acks p99 up to 1.2 s with a view per
   * user, 270 ms with a shared one every 500 ms; docs/performance.md "Tournaments").
   */
  private changed(t: Tournament): void {
    if (this.flushTimers.has(t.id)) return;
    const wait = Math.max(0, (this.flushAt.get(t.id) ?? 0) - performance.now());
    this.flushTimers.set(
      t.id,
      setTimeout(() => {
        this.flushTimers.delete(t.id);
        this.flush(t);
      }, wait),
    );
  }

  private flush(t: Tournament): void {
    const w = this.watchers.get(t.id);
    if (!w || w.size === 0) return;
    const shared: TournamentView = { ...sharedView(t.rec, this.d.clock.now(), (id) => this.currentRoom(id)), you: null, organiserTools: null };
    this.d.send([...w.keys()], shared);
    const bytes = JSON.stringify(shared).length * w.size;
    this.flushAt.set(t.id, performance.now() + Math.max(FLUSH_MS, (bytes / PUSH_BYTES_PER_SEC) * 1000));
    const mine = new Map<string, string>();
    for (const [socketId, watch] of w) {
      let part = mine.get(watch.userId);
      if (part === undefined) mine.set(watch.userId, (part = JSON.stringify(personalPart(t.rec, watch.userId))));
      if (part === watch.mine) continue;
      watch.mine = part;
      this.d.sendMine([socketId], { tournamentId: t.id, ...(JSON.parse(part) as Pick<TournamentView, 'you' | 'organiserTools'>) });
    }
  }
}
