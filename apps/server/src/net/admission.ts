/**
 * Admission control for the whole process (issue 36). Per-socket limits alone let a few hundred addresses,
 * each inside its own burst, buy thousands of messages of work in one read: every match waited behind them.
 *
 * Message work is budgeted per event-loop turn: `turnMessages` messages and `turnMs` of wall time, counted from
 * the turn's first message. Each class of socket (socket-class.ts) may use a share of the turn: a manager seated
 * in a live match all of it, a socket that has not said hello a quarter. A socket with work (`ready`) is served
 * message by message (`next`) while its class's share lasts; then it waits, not read (`pause`), and at the turn's
 * end (`setImmediate`, after the turn's reads) the waiting sockets in a room are served in class order, then, in
 * the next timers phase (`lowPass`), those in no room; round robin within a class (up to `QUANTUM` messages a
 * visit, so what one socket is answered leaves in one write), on the new turn's budget; a socket with nothing
 * left reads again (`resume`). What a socket has is its
 * own business (transport/read-gate.ts: WebSocket frames not yet parsed; or decoded packets): this only decides
 * whose turn it is, so a socket's messages keep their order.
 *
 * Work that is not a message takes the same budget: a handshake (`run`: it waits for a later turn like a
 * message of its class; a wave of a few thousand reconnections held the loop for hundreds of milliseconds), and
 * what a message costs beyond itself (`charge`: a hello writes a session). A turn lasts from the previous turn's
 * end (the check phase) while there is work waiting, so everything the loop did meanwhile counts.
 */
import type { ParkConfig } from '../transport/read-park.js';
import { inRoom, PRIORITY, SOCKET_CLASSES, type SocketClass } from './socket-class.js';

export interface AdmissionConfig {
  /** Messages served in one event-loop turn; classes with a share below 1 get that part of it. */
  turnMessages: number;
  /** Wall time (ms) from a turn's first message after which only the classes whose share is left are served. */
  turnMs: number;
  /** The share of a turn's budget each class may use. */
  shares: Record<SocketClass, number>;
  /**
   * Reads of sockets before hello or in no room only when granted, a batch per tick (transport/read-park.ts);
   * absent: its defaults (`DEFAULT_PARK`), null: every socket is read as soon as it has bytes.
   */
  park?: ParkConfig | null;
}

export interface AdmissionHooks {
  /** Serves socket `id`'s next message now; false when it has none (left). */
  next(id: string): boolean;
  /** Whether socket `id` still has a message to serve. */
  pending(id: string): boolean;
  /** Socket `id` waits for a later turn: stop reading from it. */
  pause(id: string): void;
  /** It has nothing left: read again. */
  resume(id: string): void;
  /** A turn that served messages ended: its wall time from the first message, and the messages. */
  turnEnded?(ms: number, messages: number): void;
}

const BY_PRIORITY = [...SOCKET_CLASSES].sort((a, b) => PRIORITY[a] - PRIORITY[b]);
/** Served at the turn's end (check phase), and after it (the next timers phase). */
const URGENT = BY_PRIORITY.filter((c) => inRoom(c));
const LOW = BY_PRIORITY.filter((c) => !inRoom(c));
/** Messages a waiting socket is served per visit. */
const QUANTUM = 32;

/** A FIFO of socket ids (an array and a head: a Set's iterator walks its deleted entries). */
class Fifo {
  private items: string[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(id: string): void {
    this.items.push(id);
  }
  shift(): string | undefined {
    if (this.head >= this.items.length) return undefined;
    const id = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return id;
  }
}

export class Admission {
  private turnStart = -1;
  private served = 0;
  private scheduled = false;
  private lowScheduled = false;
  /** Sockets waiting for a later turn, per class, in the order they will be served (round robin). */
  private readonly waiting: Record<SocketClass, Fifo> = { seated: new Fifo(), watching: new Fifo(), identified: new Fifo(), new: new Fifo() };
  /** The class each waiting socket waits in (a forgotten socket is skipped when its turn comes). */
  private readonly classOf = new Map<string, SocketClass>();
  /** Messages served on a later turn than the one their socket was stopped in, by class. */
  readonly deferred: Record<SocketClass, number> = { seated: 0, watching: 0, identified: 0, new: 0 };
  /** Work other than messages waiting for a later turn (handshakes), per class, in order. */
  private readonly tasks: Record<SocketClass, { units: number; run: () => void }[]> = { seated: [], watching: [], identified: [], new: [] };
  private queuedTasks = 0;
  /** Tasks (handshakes) that waited for a later turn. */
  tasksDeferred = 0;

  constructor(
    private readonly cfg: AdmissionConfig,
    private readonly hooks: AdmissionHooks,
    private readonly now: () => number = () => performance.now(),
    /** The check phase: where a turn ends and the sockets in a room are served. */
    private readonly later: (f: () => void) => void = setImmediate,
    /** The next timers phase: where the classes in no room are served (see `lowPass`). */
    private readonly lowLater: (f: () => void) => void = (f) => void setTimeout(f, 0),
  ) {}

  /** Sockets waiting now. */
  get waitingSockets(): number {
    return this.classOf.size;
  }

  /** Socket `id` (of class `cls`) has work: served now as far as its class's share goes, the rest later. */
  ready(id: string, cls: SocketClass): void {
    this.open();
    if (this.classOf.has(id)) return;
    while (this.fits(cls)) {
      if (!this.hooks.next(id)) return;
      this.served++;
    }
    if (!this.hooks.pending(id)) return;
    this.classOf.set(id, cls);
    this.waiting[cls].push(id);
    this.hooks.pause(id);
  }

  /**
   * Work that is not a message (a handshake), costing `units` messages: now when class `cls` has room in this
   * turn and none of its tasks waits, otherwise on a later turn, in order, before the class's sockets.
   */
  run(cls: SocketClass, units: number, task: () => void): void {
    this.open();
    const q = this.tasks[cls];
    if (q.length === 0 && this.fits(cls)) {
      this.served += units;
      return task();
    }
    this.tasksDeferred++;
    this.queuedTasks++;
    q.push({ units, run: task });
  }

  /** What the message just served costs beyond itself, in messages (a hello writes a session). */
  charge(units: number): void {
    this.open();
    this.served += units;
  }

  /** The socket is gone or closing: it is not served again. */
  forget(id: string): void {
    this.classOf.delete(id);
  }

  private fits(cls: SocketClass): boolean {
    const share = this.cfg.shares[cls];
    return this.served < share * this.cfg.turnMessages && this.now() - this.turnStart < share * this.cfg.turnMs;
  }

  private open(): void {
    if (this.turnStart >= 0) return;
    this.turnStart = this.now();
    this.served = 0;
    if (!this.scheduled) {
      this.scheduled = true;
      this.later(() => this.endTurn());
    }
  }

  private endTurn(): void {
    this.scheduled = false;
    if (this.turnStart >= 0 && this.served > 0) this.hooks.turnEnded?.(this.now() - this.turnStart, this.served);
    this.turnStart = -1;
    if (this.classOf.size === 0 && this.queuedTasks === 0) return;
    this.open();
    for (const cls of URGENT) this.serve(cls);
    if (!this.lowScheduled && LOW.some((cls) => this.tasks[cls].length > 0 || this.waiting[cls].size > 0)) {
      this.lowScheduled = true;
      this.lowLater(() => this.lowPass());
    }
  }

  /**
   * The classes in no room are served in the timers phase after the turn's end, not in the check phase with the
   * sockets in a room: what a seated manager's action set off in the poll phase (its group commit, queued with
   * `setImmediate`) then runs before them, not after a share of the flood (issue 36: with 3,000 addresses
   * waiting, every honest commit waited behind a slice of them).
   */
  private lowPass(): void {
    this.lowScheduled = false;
    this.open();
    // The classes' time shares count from here: the timer's own delay (at least a millisecond, more under load) is
    // not their work, and counted from the turn's end it could exceed a small share at every pass and starve them.
    this.turnStart = this.now();
    for (const cls of LOW) this.serve(cls);
  }

  /** Serves class `cls`'s waiting tasks, then its waiting sockets round robin, while its share of the turn lasts. */
  private serve(cls: SocketClass): void {
    const tasks = this.tasks[cls];
    while (tasks.length > 0 && this.fits(cls)) {
      const t = tasks.shift()!;
      this.queuedTasks--;
      this.served += t.units;
      t.run();
    }
    const ids = this.waiting[cls];
    while (ids.size > 0 && this.fits(cls)) {
      const id = ids.shift()!;
      if (this.classOf.get(id) !== cls) continue; // forgotten (closed), or waiting again in another class
      for (let n = 0; n < QUANTUM && this.fits(cls) && this.hooks.next(id); n++) {
        this.served++;
        this.deferred[cls]++;
      }
      if (this.classOf.get(id) !== cls) continue; // forgotten while served (kicked)
      // Round robin: a socket with more waiting goes to the back of its class.
      if (this.hooks.pending(id)) ids.push(id);
      else {
        this.classOf.delete(id);
        this.hooks.resume(id);
      }
    }
  }
}
