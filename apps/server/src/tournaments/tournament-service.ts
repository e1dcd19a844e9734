/**
 * The tournaments of this node (issue 34 §2; tournament.ts is one event): creation, the Events list, who may watch
 * which event, a match's result routed to its event, round time's extra turns (PR-20), and restore at start-up.
 * Updates go to the sockets watching an event (tournament-watchers.ts; a player's sockets watch their running
 * events from hello on). In a cluster (tournament-cluster.ts) this node runs only the events whose lease it holds;
 * requests about the others are forwarded to their node, and what is read-only comes from the rows.
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
import type { MatchResult } from '@vroyale/tournament';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { Room } from '../rooms/room.js';
import type { Series } from '../rooms/series.js';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import type { AccountFacts, Store } from '../storage/store.js';
import type { Clock } from '../time/clock.js';
import { Pairer } from './pairing.js';
import { Tournament, type Done, type TournamentHost } from './tournament.js';
import { recordFor } from './tournament-host.js';
import { isOver, type ResultMessage, type TournamentCluster } from './tournament-cluster.js';
import { listFor, viewOf } from './tournament-view.js';
import { TournamentTables, type TimeMessage, type TournamentPlayer } from './tournament-tables.js';
import { TournamentWatchers } from './tournament-watchers.js';

/** A deadline that passed while the server (or, in a cluster, the event's node) was down gets this long once it is back. */
const RESUME_GRACE_MS = 60_000;
/** Finished events stay in the Events list this long (and come back after a restart). */
export const FINISHED_LISTED_MS = 7 * 24 * 3_600_000;

export type { TournamentPlayer } from './tournament-tables.js';

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
  /** The best-of-three whose first game is `firstRoomId`, if this node runs it (its first room may be elsewhere). */
  seriesOf?(firstRoomId: string): Series | undefined;
  /** A registered roster, resolved again when a match opens (the card pool is the server's). */
  resolve(choice: string): { ok: true; roster: Roster; side: string[]; label: string } | { ok: false; message: string };
  /** In a cluster: leases, fenced saves, the rows (tournament-cluster.ts). Absent: this node runs every event. */
  cluster?: TournamentCluster | null;
}

/** Who sent a tournament event: the user, and the socket that hears the ack. */
export type Who = { userId: string; socketId: string };

type Err = {
  ok: false;
  code: 'tournament-not-found' | 'not-organiser' | 'not-signed-in' | 'banned' | 'wrong-phase' | 'not-registered' | 'bad-request' | 'moved' | 'internal';
  message: string;
};
const err = (code: Err['code'], message: string): Err => ({ ok: false, code, message });

export class TournamentService {
  private readonly byId = new Map<string, Tournament>();
  /** user → the events they entered: a hello touches only those. */
  private readonly enteredBy = new Map<string, Set<Tournament>>();
  private readonly watchers: TournamentWatchers;
  private readonly host: TournamentHost<Tournament>;
  private readonly pairer: Pairer;
  private readonly cluster: TournamentCluster | null;
  /** Each match's rooms → its event; round time; a table's score (tournament-tables.ts). */
  private readonly tables: TournamentTables;
  /** Events being read back from their row after a failed save (single node). */
  private readonly reloading = new Set<string>();

  constructor(private readonly d: TournamentServiceDeps) {
    this.pairer = new Pairer(d.log);
    this.cluster = d.cluster ?? null;
    const cluster = this.cluster;
    this.tables = new TournamentTables({
      ...{ room: d.room, startMatch: d.startMatch, resolve: d.resolve, save: (rec) => this.host.save(rec) },
      timeElsewhere: cluster
        ? (t, first) =>
            cluster.timeElsewhere(
              t.id,
              first,
              () => t.openRooms().includes(first),
              (roomId) => d.room(roomId)?.master?.turn ?? null,
            )
        : undefined,
    });
    this.watchers = new TournamentWatchers({ now: () => d.clock.now(), send: d.send, sendMine: d.sendMine, currentRoom: (id) => this.tables.currentRoom(id) });
    this.host = {
      pair: (state) => this.pairer.pair(state),
      clock: d.clock,
      log: d.log,
      readyMs: d.readyMs,
      save: cluster ? (rec) => cluster.save(rec) : (rec) => this.saveHere(rec),
      changed: (t) => this.watchers.changed(t),
      startMatch: (t, a, b) => this.tables.startMatch(t, a, b),
      callTime: (t, roomIds) => this.tables.callTime(t, roomIds),
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
    const open = (await this.all()).filter((r) => r.organiser.userId === userId && !isOver(r));
    if (open.length >= this.d.maxOrganised)
      return err('wrong-phase', `You already organise ${open.length} open tournaments, the most one account may; finish or cancel one first`);
    const rec = recordFor(`t_${randomBytes(9).toString('base64url')}`, { userId, username }, p, this.d.defaultClock, this.d.clock.now());
    // In a cluster the event runs here under its lease, taken before its first save (which it fences).
    if (this.cluster && !(await this.cluster.acquire(rec.id))) throw new Error('the lease of a new tournament could not be taken');
    const t = this.add(rec);
    const saved = this.host.save(rec);
    t.opened();
    await saved;
    this.d.log.info({ tournamentId: rec.id, organiser: username }, 'tournament created');
    return { ok: true, tournamentId: rec.id, invite: rec.invite };
  }

  /** Every event this node knows: its own, and in a cluster the other nodes' as their rows say. */
  private async all(): Promise<TournamentRecord[]> {
    const here = [...this.byId.values()].map((t) => t.rec);
    if (!this.cluster) return here;
    return [...here, ...(await this.cluster.rows()).filter((r) => !this.byId.has(r.id))];
  }

  /** Public events and the user's own (organised or entered), open ones first, newest first. */
  async list(userId: string): Promise<TournamentSummary[]> {
    return listFor(await this.all(), userId);
  }

  /** Does this node hold the event (it runs it, or holds it over and read-only)? Requests about it are served here. */
  holds(tournamentId: string): boolean {
    return this.byId.has(tournamentId);
  }

  /** The event, if the user may see it: public, theirs, or reached with its invite code. */
  private find(ref: TournamentRef, userId: string): Tournament | Err {
    const t = this.byId.get(ref.tournamentId);
    const allowed = t && (t.rec.visibility === 'public' || ref.invite === t.rec.invite || t.rec.organiser.userId === userId || !!t.entrantOf(userId));
    return allowed ? t : err('tournament-not-found', 'No such tournament (an invite-only event needs its link)');
  }

  /**
   * `find`, and in a cluster an event no node answered for: one that is over is held here from its row (read-only);
   * one still running is moving to another node (`moved`: clients send it again).
   */
  private async locate(ref: TournamentRef, userId: string): Promise<Tournament | Err> {
    if (this.byId.has(ref.tournamentId) || !this.cluster) return this.find(ref, userId);
    const rec = (await this.cluster.rows(true)).find((r) => r.id === ref.tournamentId);
    if (!rec) return this.find(ref, userId);
    if (!isOver(rec)) return err('moved', 'This tournament is moving to another server; send it again in a moment');
    if (!this.byId.has(rec.id)) this.add(rec);
    return this.find(ref, userId);
  }

  view(t: Tournament, userId: string | null): TournamentView {
    return viewOf(t.rec, userId, this.d.clock.now(), (id) => this.tables.currentRoom(id));
  }

  async watch(socketId: string, userId: string, ref: TournamentRef): Promise<{ ok: true; view: TournamentView } | Err> {
    const t = await this.locate(ref, userId);
    return 'ok' in t ? t : this.watchHere(t, socketId, userId);
  }

  private watchHere(t: Tournament, socketId: string, userId: string): { ok: true; view: TournamentView } {
    const view = this.view(t, userId);
    this.watchers.add(t.id, socketId, userId, view);
    return { ok: true, view };
  }

  unwatch(socketId: string, tournamentId: string): void {
    this.watchers.remove(socketId, tournamentId);
  }

  /** A closed socket watches nothing. */
  socketClosed(socketId: string): void {
    this.watchers.socketClosed(socketId);
  }

  /** After a hello: the socket watches the user's running events (a ready check reaches them wherever they are). */
  hello(userId: string, socketId: string): void {
    for (const t of this.enteredBy.get(userId) ?? []) {
      const e = t.entrantOf(userId);
      if (!e || (t.rec.status !== 'running' && t.rec.status !== 'paused')) continue;
      this.d.send([socketId], this.watchHere(t, socketId, userId).view);
    }
  }

  /** In a cluster: the user's running events other nodes run (a hello there watches them: game-server.ts). */
  async elsewhereOf(userId: string): Promise<string[]> {
    return this.cluster ? this.cluster.runningOf(userId, (id) => this.byId.has(id)) : [];
  }

  async register(who: Who, name: string, ref: TournamentRef, roster: string): Promise<{ ok: true; view: TournamentView } | Err> {
    const { userId } = who;
    const t = await this.locate(ref, userId);
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

  async unregister(who: Who, ref: TournamentRef): Promise<{ ok: true; view: TournamentView } | Err> {
    const t = await this.locate(ref, who.userId);
    if ('ok' in t) return t;
    const done = t.unregister(who.userId);
    if (done.ok) this.enteredBy.get(who.userId)?.delete(t);
    return this.answer(t, who, done);
  }

  async ready(who: Who, ref: TournamentRef): Promise<{ ok: true; view: TournamentView } | Err> {
    const t = await this.locate(ref, who.userId);
    return 'ok' in t ? t : this.answer(t, who, t.ready(who.userId));
  }

  async drop(who: Who, ref: TournamentRef): Promise<{ ok: true; view: TournamentView } | Err> {
    const t = await this.locate(ref, who.userId);
    if ('ok' in t) return t;
    const e = t.entrantOf(who.userId);
    if (!e) return err('not-registered', 'You are not registered in this tournament');
    return this.answer(t, who, t.drop(e.playerId, 'self'));
  }

  async manage(who: Who, p: TournamentManagePayload): Promise<{ ok: true; view: TournamentView } | Err> {
    const t = await this.locate({ tournamentId: p.tournamentId }, who.userId);
    if ('ok' in t) return t.code === 'moved' ? t : err('tournament-not-found', 'No such tournament');
    if (t.rec.organiser.userId !== who.userId) return err('not-organiser', 'Only the organiser can do this');
    const done = p.op === 'drop' ? t.drop(p.playerId, 'organiser') : t.manage(p);
    return this.answer(t, who, done);
  }

  /**
   * The ack's whole view; the sending socket now knows its own part as of this view, so the next push tells it
   * only a later change (else a part that changed and changed back before the push would never reach it).
   */
  private async answer(t: Tournament, who: Who, done: Done): Promise<{ ok: true; view: TournamentView } | Err> {
    if (!done.ok) return done;
    // Acknowledged once its row committed (nothing acked is lost); a failed save left the event to its row again.
    const failed = await t.saved().then(
      () => null,
      () =>
        this.cluster
          ? err('moved', 'This tournament is moving to another server; send it again in a moment')
          : err('internal', 'The tournament could not be saved; try again'),
    );
    if (failed) return failed;
    const view = this.view(t, who.userId);
    this.watchers.heard(t.id, who.socketId, view);
    return { ok: true, view };
  }

  /** A match is over: if it is an event's, its result is recorded (from seat A's side, the pairing's player a). */
  matchDecided(firstRoomId: string, score: MatchResult): void {
    this.tables.decided(firstRoomId);
    const t = this.tables.eventOf(firstRoomId);
    if (t) {
      delete t.rec.turnsAtTime[firstRoomId];
      return t.matchDecided(firstRoomId, score);
    }
    // A table's match that moved here in a takeover (its event runs elsewhere): tournament tables are private rooms.
    // A best-of-three's series came with its last game (decision 0012), its first room maybe not; a game of one
    // without its series (a node died between opening it and the series' save naming it) decides no match.
    const room = this.d.room(firstRoomId);
    const series = this.d.seriesOf?.(firstRoomId);
    const like = series?.rec.status === 'done' ? series.rec : room?.format === 'bo1' ? room : null;
    if (this.cluster && like?.visibility === 'private' && like.kind === 'room') void this.cluster.resultElsewhere(firstRoomId, score);
  }

  /** Another node's table result (`RESULT_KIND`): true once recorded, or found recorded; false if not run here. */
  resultHere(m: ResultMessage): boolean {
    const t = this.byId.get(m.tournamentId);
    if (!t || !this.cluster?.owns(t.id)) return false;
    this.tables.add(t, m.roomId);
    this.matchDecided(m.roomId, m.score);
    return true;
  }

  /**
   * Cluster takeover (cluster/ownership.ts scan): the event's lease is ours now; it continues here from its row, its
   * timers resumed, the tables decided while no node ran it recorded. Resolves to the users whose sockets should
   * watch it here (its players and organiser), or null when there was nothing to run (its lease is given back).
   */
  async takeOver(tournamentId: string): Promise<string[] | null> {
    const cluster = this.cluster!;
    const rec = (await cluster.rows(true)).find((r) => r.id === tournamentId);
    this.lost(tournamentId); // a copy held here read-only, or a run this node lost, is replaced by the row
    if (!rec || isOver(rec)) return null;
    const t = this.add(rec);
    cluster.placeNow(tournamentId);
    t.resume(RESUME_GRACE_MS);
    const open = t.openRooms();
    const decided = await cluster.decided(rec, open);
    for (const first of open) {
      const score = this.tables.decidedScore(first) ?? decided.get(first);
      if (score) this.matchDecided(first, score);
    }
    this.d.log.info({ tournamentId, phase: rec.phase.kind, decided: decided.size }, 'tournament taken over');
    return [rec.organiser.userId, ...rec.entrants.map((e) => e.userId)];
  }

  /** Another node runs the event now (a fenced save, a self-fence): it stops here, saving nothing more. */
  lost(tournamentId: string): void {
    const t = this.byId.get(tournamentId);
    if (!t) return;
    this.forgetHere(t);
    this.watchers.forget(tournamentId);
  }

  private forgetHere(t: Tournament): void {
    t.halt();
    if (this.byId.get(t.id) === t) this.byId.delete(t.id);
    this.tables.forget(t);
    for (const e of t.rec.entrants) this.enteredBy.get(e.userId)?.delete(t);
  }

  /** The events this node runs under their lease (SIGTERM hands them over). */
  owned(): string[] {
    return [...this.byId.keys()].filter((id) => this.cluster?.owns(id));
  }

  /** A single node's save: a failed one brings the event back from its row, so memory holds only what is stored. */
  private saveHere(rec: TournamentRecord): Promise<void> {
    const saved = this.d.storage.tournaments.save(rec, this.d.clock.now());
    saved.catch((e: unknown) => {
      this.d.log.error({ err: e, tournamentId: rec.id }, 'saving a tournament failed: it is read back from its row');
      void this.reload(rec.id);
    });
    return saved;
  }

  /** The event as its row has it replaces the one in memory (a single node's failed save); watchers stay. */
  private async reload(id: string): Promise<void> {
    const t = this.byId.get(id);
    if (!t || this.reloading.has(id)) return;
    this.reloading.add(id);
    t.halt();
    try {
      for (let i = 0; i < 60; i++) {
        try {
          const rec = (await this.d.storage.tournaments.load(this.d.clock.now() - FINISHED_LISTED_MS)).find((r) => r.id === id);
          this.forgetHere(t);
          if (rec) this.watchers.changed(this.add(rec, RESUME_GRACE_MS));
          return;
        } catch (e) {
          this.d.log.error({ err: e, tournamentId: id }, 'reading a tournament back failed; trying again');
          await new Promise<void>((r) => this.d.clock.setTimeout(r, 1_000));
        }
      }
    } finally {
      this.reloading.delete(id);
    }
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
        const score = this.tables.decidedScore(first);
        if (score) t.matchDecided(first, score);
      }
      n++;
    }
    return n;
  }

  close(): void {
    for (const t of this.byId.values()) t.halt();
    this.watchers.close();
    this.pairer.close();
  }

  /** `graceMs`: the event runs again from its row (its timers, a deadline passed meanwhile given that long). */
  private add(rec: TournamentRecord, graceMs?: number): Tournament {
    const t = new Tournament(this.host, rec);
    this.byId.set(rec.id, t);
    for (const e of rec.entrants) this.entered(e.userId, t);
    for (const roomId of Object.values(rec.rooms)) this.tables.add(t, roomId);
    if (graceMs !== undefined) t.resume(graceMs);
    return t;
  }

  private entered(userId: string, t: Tournament): void {
    let mine = this.enteredBy.get(userId);
    if (!mine) this.enteredBy.set(userId, (mine = new Set()));
    mine.add(t);
  }

  /** Another node's word that round time was called for a table whose game is here (`TIME_KIND`): its turn, or null. */
  timeHere(m: TimeMessage): number | null {
    return this.tables.timeHere(m);
  }

  /** A room's match was taken over here: a table of an event running elsewhere whose round time was called notes it. */
  async tableArrived(room: Room): Promise<void> {
    const first = room.series?.rec.games[0]?.roomId ?? room.roomId;
    if (!this.cluster || room.visibility !== 'private' || room.kind !== 'room' || this.tables.eventOf(first)) return;
    const at = await this.cluster.timeCalledFor(first);
    if (at) this.tables.timeHere({ firstRoomId: first, roomId: room.roomId }, at.turn);
  }

  /** A live game's turn moved on (the master's progress hook): past round time, it may be drawn (tournament-tables.ts). */
  turnMoved(room: Room): void {
    this.tables.turnMoved(room);
  }
}
