/**
 * Low-class sockets are read only when granted (issue 36, docs/abuse.md "Many addresses at once"). libuv reads
 * every readable socket of an epoll wait in one poll phase (about 20 µs a socket): 3,000 sockets that write at
 * once held the loop some 60 ms before any application code could say no. Admission control (net/admission.ts)
 * decides what is parsed; this decides what is read.
 *
 * Every TCP connection starts parked: libuv does not read it (`uv_read_stop`), whatever the stream above wants.
 * Each tick grants a bounded batch of parked sockets a read (round robin, sockets that said hello before those
 * that did not, as admission control serves them): reading starts, the poll phase that follows reads what is
 * there, and in the check phase (`setImmediate`) the batch is parked again. A socket whose class is seated or
 * in a room (net/socket-class.ts `inRoom`) is never parked: it is read as soon as it has bytes, as before. A
 * socket's class is looked at when it is granted (a lobby socket that joined a room is let go then) and after
 * each read of a socket that is not parked (one that left every room is parked again).
 *
 * Parking is done on the libuv handle itself: its `readStart` is wrapped, so nothing above (net.Socket's
 * `_read`, the HTTP server's own `resume` listener, ws) can start reading a parked socket; what the stream asked
 * for is remembered (`wants`) and done when the socket is granted or let go. `net.Socket.pause()` alone does not
 * stop libuv: the stream keeps reading up to its high-water mark.
 *
 * Costs: a grant of an idle socket is two `epoll_ctl` calls (libuv re-adds the descriptor; its removal is lazy),
 * about 2.4 µs in all on the two-core machine; a parked socket that receives bytes wakes the loop once (libuv
 * then removes it from epoll). Ticks come at most every `tickMs`, and no faster than one full rotation per
 * `rotationMs`, so a few idle lobby sockets are not polled hundreds of times a second. A lobby click waits at
 * most one rotation: `rotationMs` while the parked sockets fit in one batch, `tickMs` × batches above that.
 */
import type { Socket } from 'node:net';
import { inRoom, type SocketClass } from '../net/socket-class.js';

export interface ParkConfig {
  /** Parked sockets granted a read per tick. */
  grantsPerTick: number;
  /** Shortest gap between two ticks (ms). */
  tickMs: number;
  /** Shortest time for a full rotation (ms): while few sockets are parked, they are not polled faster. */
  rotationMs: number;
}

export const DEFAULT_PARK: ParkConfig = { grantsPerTick: 100, tickMs: 4, rotationMs: 25 };

/** The two classes that are parked, in the order they are granted. */
type Lane = 'identified' | 'new';

interface Handle {
  readStart(): number;
  readStop(): number;
  reading?: boolean;
}

interface Entry {
  sock: Socket;
  handle: Handle;
  start: () => number;
  stop: () => number;
  classOf: () => SocketClass;
  /** Not read except when granted. */
  parked: boolean;
  /** Granted this tick (reading until the check phase). */
  granted: boolean;
  /** The stream above wants libuv to read (its last call was readStart). */
  wants: boolean;
  /** Never granted again (closing): stays parked until it is destroyed. */
  done: boolean;
  /** Waiting in a lane (at most once). */
  queued: Lane | null;
  bytesAtGrant: number;
  /** Reads granted to it so far. */
  grants: number;
}

/** A FIFO of entries (an array and a head). */
class Queue {
  private items: Entry[] = [];
  private head = 0;
  get size(): number {
    return this.items.length - this.head;
  }
  push(e: Entry): void {
    this.items.push(e);
  }
  shift(): Entry | undefined {
    if (this.head >= this.items.length) return undefined;
    const e = this.items[this.head++]!;
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return e;
  }
}

const NEW: () => SocketClass = () => 'new';
const laneOf = (c: SocketClass): Lane => (c === 'identified' ? 'identified' : 'new');

export class ReadPark {
  private readonly entries = new Map<Socket, Entry>();
  private readonly lanes: Record<Lane, Queue> = { identified: new Queue(), new: new Queue() };
  private granted: Entry[] = [];
  /** Sockets of each lane still to visit in this rotation. */
  private readonly roundLeft: Record<Lane, number> = { identified: 0, new: 0 };
  private timer: NodeJS.Timeout | null = null;
  private reparkScheduled = false;
  private lastTick = -Infinity;
  /** Sockets parked now. */
  parkedNow = 0;
  /** Grants since start, ticks that granted any, and grants that found bytes to read. */
  readonly stats = { grants: 0, ticks: 0, grantsRead: 0 };

  constructor(private readonly cfg: ParkConfig) {}

  /** A new TCP connection: parked (class `new`) until `classify` says otherwise. */
  add(sock: Socket): void {
    const handle = (sock as unknown as { _handle: Handle | null })._handle;
    if (!handle || this.entries.has(sock)) return;
    const readStart = handle.readStart.bind(handle);
    const readStop = handle.readStop.bind(handle);
    // libuv's reading, as this module started or stopped it (uv_read_start on a reading handle fails: EALREADY).
    let live = handle.reading === true;
    const e: Entry = {
      sock,
      handle,
      start: () => (live ? 0 : ((live = true), readStart())),
      stop: () => (live ? ((live = false), readStop()) : 0),
      classOf: NEW,
      parked: true,
      granted: false,
      wants: handle.reading === true,
      done: false,
      queued: null,
      bytesAtGrant: 0,
      grants: 0,
    };
    handle.readStart = () => {
      e.wants = true;
      return e.parked && !e.granted ? 0 : e.start();
    };
    handle.readStop = () => {
      e.wants = false;
      return e.stop();
    };
    this.entries.set(sock, e);
    this.parkedNow++;
    e.stop();
    this.enqueue(e, 'new');
    sock.once('close', () => this.remove(e));
  }

  /** The socket now belongs to a Socket.IO socket: `classOf` tells its class from now on. */
  classify(sock: Socket, classOf: () => SocketClass): void {
    const e = this.entries.get(sock);
    if (!e) return;
    e.classOf = classOf;
    this.recheck(e);
  }

  /** A read of `sock` was handled: its class may have changed (it left every room: parked again). */
  touch(sock: Socket): void {
    const e = this.entries.get(sock);
    if (e && !e.parked) this.recheck(e);
  }

  /**
   * The socket is closing: parked with the sockets before hello. It is still granted while its stream reads (what
   * it sends is dropped unparsed, but its end must be seen); one the server closed is paused and never is.
   */
  closing(sock: Socket): void {
    this.classify(sock, NEW);
  }

  /** Sockets tracked (tests). */
  get tracked(): number {
    return this.entries.size;
  }

  /** Whether `sock` is parked now, whether it is granted a read now, and the reads it was granted so far (tests). */
  state(sock: Socket): { parked: boolean; granted: boolean; grants: number } | null {
    const e = this.entries.get(sock);
    return e ? { parked: e.parked, granted: e.granted, grants: e.grants } : null;
  }

  /** The connections tracked (tests: the server's side of a client's connection). */
  sockets(): IterableIterator<Socket> {
    return this.entries.keys();
  }

  private remove(e: Entry): void {
    if (this.entries.get(e.sock) !== e) return;
    this.entries.delete(e.sock);
    if (e.parked) this.parkedNow--;
    e.done = true;
  }

  /** Parks or lets go of `e` by its class now. */
  private recheck(e: Entry): void {
    if (e.done) return;
    const cls = e.classOf();
    if (inRoom(cls)) {
      if (!e.parked) return;
      e.parked = false;
      e.granted = false;
      this.parkedNow--;
      if (e.wants) e.start();
      return;
    }
    if (!e.parked) {
      e.parked = true;
      this.parkedNow++;
      e.stop();
    }
    this.enqueue(e, laneOf(cls));
  }

  private enqueue(e: Entry, lane: Lane): void {
    if (e.queued === null) {
      e.queued = lane;
      this.lanes[lane].push(e);
    }
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.parkedNow === 0) return;
    const batches = Math.max(1, Math.ceil(this.parkedNow / this.cfg.grantsPerTick));
    const gap = Math.max(this.cfg.tickMs, this.cfg.rotationMs / batches);
    const wait = Math.max(0, this.lastTick + gap - performance.now());
    this.timer = setTimeout(() => this.tick(), wait);
    this.timer.unref();
  }

  /**
   * Grants the next batch a read. A rotation visits every socket parked when it began once, those that said
   * hello first: the lobby is not starved by sockets that never said hello, nor they by an idle lobby.
   */
  private tick(): void {
    this.timer = null;
    this.lastTick = performance.now();
    let n = 0;
    // Visits that grant nothing (a socket with a backlog) are cheap, but bounded too.
    let visits = 4 * this.cfg.grantsPerTick;
    for (let lap = 0; lap < 2 && n < this.cfg.grantsPerTick && visits > 0; lap++) {
      if (this.roundLeft.identified + this.roundLeft.new === 0) {
        this.roundLeft.identified = this.lanes.identified.size;
        this.roundLeft.new = this.lanes.new.size;
      }
      for (const lane of ['identified', 'new'] as const) {
        const q = this.lanes[lane];
        for (; this.roundLeft[lane] > 0 && n < this.cfg.grantsPerTick && visits > 0; this.roundLeft[lane]--, visits--) {
          const e = q.shift()!;
          e.queued = null;
          if (e.done || !e.parked) continue;
          const cls = e.classOf();
          if (inRoom(cls)) {
            this.recheck(e);
            continue;
          }
          e.queued = laneOf(cls);
          this.lanes[e.queued].push(e);
          // Nothing asked for (the stream is full or paused: admission control holds its backlog): not read now.
          if (!e.wants || e.sock.readableFlowing === false) continue;
          e.granted = true;
          e.grants++;
          e.bytesAtGrant = e.sock.bytesRead;
          e.start();
          this.granted.push(e);
          n++;
        }
      }
    }
    if (n > 0) {
      this.stats.grants += n;
      this.stats.ticks++;
      if (!this.reparkScheduled) {
        this.reparkScheduled = true;
        setImmediate(() => this.repark());
      }
    }
    this.schedule();
  }

  /** The check phase after a grant: the batch was read (what was there); park it again. */
  private repark(): void {
    this.reparkScheduled = false;
    const batch = this.granted;
    this.granted = [];
    for (const e of batch) {
      if (!e.granted) continue;
      e.granted = false;
      if (e.sock.bytesRead !== e.bytesAtGrant) this.stats.grantsRead++;
      if (e.done || !e.parked) continue;
      e.stop();
      // What it just sent may have put it in a room (a join handled at once): let it go now, not a rotation later.
      if (inRoom(e.classOf())) this.recheck(e);
    }
  }
}
