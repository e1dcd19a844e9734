/**
 * Who watches which event on this node, and the pushes they hear (tournament-service.ts decides who may watch).
 * One shared view per event per change, paced by its size, and each user's own part (`tournament:you`) only to a
 * socket that last heard a different one. In a cluster the watchers of an event are the sockets of every node whose
 * watch was forwarded to the node running it: their pushes go back to their nodes (cluster-rooms.ts `route`).
 */
import type { TournamentView, TournamentYou } from '@vroyale/protocol';
import type { Tournament } from './tournament.js';
import { personalPart, sharedView } from './tournament-view.js';

/** At most one update per event this often (ms, real time: it paces the sockets, not the rules). */
const FLUSH_MS = 500;
/** What one event's updates may push to its watchers in all, per second (bytes of JSON). */
const PUSH_BYTES_PER_SEC = 4_000_000;

export interface WatchersDeps {
  now(): number;
  send(socketIds: string[], view: TournamentView): void;
  sendMine(socketIds: string[], mine: TournamentYou): void;
  /** The room of the game being played in the match that began in `firstRoomId`. */
  currentRoom(firstRoomId: string): string;
}

const mineOf = (view: Pick<TournamentView, 'you' | 'organiserTools'>) => JSON.stringify({ you: view.you, organiserTools: view.organiserTools });

export class TournamentWatchers {
  /** tournament → socket → who watches it, and the personal part last sent to that socket (JSON). */
  private readonly watchers = new Map<string, Map<string, { userId: string; mine: string }>>();
  /** socket → the events it watches: a close touches only those. */
  private readonly watchedBy = new Map<string, Set<string>>();
  /** Per event: its next update's timer, and the earliest time it may go out (performance.now()). */
  private readonly flushTimers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly flushAt = new Map<string, number>();

  constructor(private readonly d: WatchersDeps) {}

  /** `socketId` watches the event and has just been given `view` (its own part as of it). */
  add(tournamentId: string, socketId: string, userId: string, view: TournamentView): void {
    let w = this.watchers.get(tournamentId);
    if (!w) this.watchers.set(tournamentId, (w = new Map()));
    w.set(socketId, { userId, mine: mineOf(view) });
    let mine = this.watchedBy.get(socketId);
    if (!mine) this.watchedBy.set(socketId, (mine = new Set()));
    mine.add(tournamentId);
  }

  remove(socketId: string, tournamentId: string): void {
    this.watchers.get(tournamentId)?.delete(socketId);
    this.watchedBy.get(socketId)?.delete(tournamentId);
  }

  /** A closed socket watches nothing. */
  socketClosed(socketId: string): void {
    for (const id of this.watchedBy.get(socketId) ?? []) this.watchers.get(id)?.delete(socketId);
    this.watchedBy.delete(socketId);
  }

  /**
   * An ack carried the whole view: the sending socket knows its own part as of it, so the next push tells it only
   * a later change (else a part that changed and changed back before the push would never reach it).
   */
  heard(tournamentId: string, socketId: string, view: TournamentView): void {
    const watch = this.watchers.get(tournamentId)?.get(socketId);
    if (watch) watch.mine = mineOf(view);
  }

  /** The event no longer runs here (another node took it over): its watchers are re-attached there. */
  forget(tournamentId: string): void {
    for (const socketId of this.watchers.get(tournamentId)?.keys() ?? []) this.watchedBy.get(socketId)?.delete(tournamentId);
    this.watchers.delete(tournamentId);
    const timer = this.flushTimers.get(tournamentId);
    if (timer) clearTimeout(timer);
    this.flushTimers.delete(tournamentId);
    this.flushAt.delete(tournamentId);
  }

  close(): void {
    for (const timer of this.flushTimers.values()) clearTimeout(timer);
    this.flushTimers.clear();
  }

  /**
   * Throttled per event: its changes within the wait make one update. The shared view goes to every watcher in one
   * send (encoded once, however many watch); each user's own part (`tournament:you`) only to a socket that last
   * heard a different one. The wait is `FLUSH_MS`, or longer when the view times its watchers would exceed
   * `PUSH_BYTES_PER_SEC`: a 256-player event's view is ~150 KB by its last round, and pushing it to 257 sockets
   * twice a second stalled every match on the node (bench:tournament: honest acks p99 up to 1.2 s with a view per
   * user, 270 ms with a shared one every 500 ms; docs/performance.md "Tournaments").
   */
  changed(t: Tournament): void {
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
    const shared: TournamentView = { ...sharedView(t.rec, this.d.now(), (id) => this.d.currentRoom(id)), you: null, organiserTools: null };
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
