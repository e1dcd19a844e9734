/**
 * What a WebSocket has read and ws has not parsed yet (issue 36). ws parses every frame of a read in one go and
 * emits each message on the spot: a read of 400 small frames from each of a few hundred sockets was 100,000
 * messages of work in one event-loop turn, before anything could say no. So the bytes a socket reads stop here
 * and ws is fed one frame at a time, when admission control (net/admission.ts) says it is that socket's turn;
 * the rest waits, the socket not read meanwhile. A socket closed for flooding has its unread frames dropped
 * unparsed.
 *
 * Only the frames' lengths are read here (RFC 6455 §5.2: 2 bytes, then a 16- or 64-bit length, then the mask);
 * ws does the parsing, unmasking and validation as before, through its own `data` listener, which this calls
 * with whole frames. A frame longer than ws accepts is handed over as is, for ws to refuse and close.
 */
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import type { SocketClass } from '../net/socket-class.js';
import type { ReadPark } from './read-park.js';

/**
 * Frames fed before the socket belongs to a Socket.IO socket (the namespace CONNECT, an upgrade's probe), when
 * `beforeOwned` runs them: they build Socket.IO's socket, real work in a wave of reconnections.
 */
const BEFORE_OWNED = 4;

/** Runs `feed` when admission control gives a socket that is not yet anyone's a turn. */
export type BeforeOwned = (feed: () => void) => void;

export class ReadGate {
  private buf: Buffer | null = null;
  private off = 0;
  private fedBefore = 0;
  private waitingBefore = false;
  private dropped = false;
  /** Its backlog was cut (`trim`): what it kept is fed, nothing more is read. */
  truncated = false;
  /** ws is inside a fragmented message (a data frame without FIN was fed): the next frame must go to ws. */
  private midMessage = false;
  /** When the oldest byte not fed yet arrived (performance.now()); null with nothing waiting. */
  private arrivedAt: number | null = null;
  /** Told when bytes arrive, once a Socket.IO socket owns this connection (the transport: admission control). */
  private owner: (() => void) | null = null;

  constructor(
    readonly socket: Duplex,
    /** ws's own `data` listener: parses what it is given and emits the messages in it. */
    private readonly parse: (chunk: Buffer) => void,
    /** ws's maxPayload: a frame declared longer goes to ws at once (it closes the connection). */
    private readonly maxPayload: number,
    private readonly beforeOwned: BeforeOwned = (feed) => feed(),
    /** Reads of low-class sockets only when granted (read-park.ts); null: always read. */
    private readonly park: ReadPark | null = null,
  ) {}

  /** Bytes read from the socket. */
  onData(chunk: Buffer): void {
    if (this.dropped || this.truncated) return;
    if (this.buf === null || this.off >= this.buf.length) {
      this.buf = chunk;
      this.off = 0;
      this.arrivedAt = performance.now();
    } else {
      this.buf = Buffer.concat([this.buf.subarray(this.off), chunk]);
      this.off = 0;
    }
    if (this.owner) {
      this.owner();
      return this.park?.touch(this.socket as Socket);
    }
    if (this.waitingBefore || this.fedBefore >= BEFORE_OWNED) return void this.socket.pause();
    this.waitingBefore = true;
    this.socket.pause();
    this.beforeOwned(() => {
      this.waitingBefore = false;
      if (this.owner || this.dropped) return;
      while (this.fedBefore < BEFORE_OWNED && this.next()) this.fedBefore++;
      if (!this.pending() && !this.owner) this.socket.resume();
    });
  }

  /**
   * From now on arriving bytes are offered through `owner`; what is already here is offered at once. `classOf`:
   * the owner's class, which decides whether its reads are parked (read-park.ts).
   */
  own(owner: () => void, classOf?: () => SocketClass): void {
    this.owner = owner;
    if (classOf) this.park?.classify(this.socket as Socket, classOf);
    if (this.pending()) owner();
    // Paused while it had no owner: read again unless admission control now holds it.
    if (!this.pending()) this.socket.resume();
  }

  /** Feeds the next whole frame to ws; false when there is none yet. */
  next(): boolean {
    const end = this.frameEnd();
    if (end < 0) return false;
    const b = this.buf!;
    const op = b[this.off]! & 0x0f;
    const fin = (b[this.off]! & 0x80) !== 0;
    // Control frames (8–10) may come between a message's fragments and do not end it.
    if (op < 8) this.midMessage = !fin;
    const frame = b.subarray(this.off, end);
    this.consumed(end);
    this.parse(frame);
    return true;
  }

  /**
   * The start of the next frame's text, unmasked (at most `max` bytes, read as Latin-1: only ASCII is looked at),
   * when that frame is a whole, unfragmented, uncompressed, masked text message and ws is between messages: what
   * the transport peeks at to refuse a message without ws, engine.io or Socket.IO seeing it. Null otherwise.
   */
  peekText(max: number): string | null {
    if (this.midMessage) return null;
    const end = this.frameEnd();
    if (end < 0) return null;
    const b = this.buf!;
    const at = this.off;
    // FIN, no RSV bits (no compression), opcode 1 (text); a client's frames are masked (RFC 6455 §5.3).
    if (b[at] !== 0x81 || (b[at + 1]! & 0x80) === 0) return null;
    const len7 = b[at + 1]! & 0x7f;
    const head = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
    const start = at + head + 4;
    // Longer than ws accepts (frameEndAt hands ws everything, for it to refuse): ws's to answer.
    const payload = len7 === 126 ? b.readUInt16BE(at + 2) : len7;
    if (len7 === 127 || payload > this.maxPayload || start + payload !== end) return null;
    const n = Math.min(max, end - start);
    let text = '';
    for (let i = 0; i < n; i++) text += String.fromCharCode(b[start + i]! ^ b[at + head + (i & 3)]!);
    return text;
  }

  /** Drops the next whole frame unparsed (the transport answered it itself); false when there is none. */
  skip(): boolean {
    const end = this.frameEnd();
    if (end < 0) return false;
    this.consumed(end);
    return true;
  }

  private consumed(end: number): void {
    this.off = end;
    if (this.off >= this.buf!.length) this.buf = this.arrivedAt = null;
  }

  /**
   * How long the next frame has waited here (ms): since its oldest unfed byte arrived. Exact for a socket that
   * sends one message at a time (a manager's action); a backlog's later frames are counted from its first.
   */
  waitedMs(now: number): number | null {
    return this.arrivedAt === null ? null : now - this.arrivedAt;
  }

  /** Whether a whole frame is waiting. */
  pending(): boolean {
    return this.frameEnd() >= 0;
  }

  /**
   * Keeps the first `frames` frames and drops the rest, unread, when there is more: a socket is kicked within
   * its burst and strikes, so what lies beyond them would only be dropped at the kick, after holding tens of
   * kilobytes a socket (thousands of sockets at once: a garbage collection in the middle of the reads). What is
   * kept is copied out, so the read's buffer goes at once. True when something was dropped; from then on
   * nothing more is read (`truncated`).
   */
  trim(frames: number): boolean {
    if (this.truncated || this.buf === null) return false;
    let at = this.off;
    for (let n = 0; n < frames; n++) {
      const end = this.frameEndAt(at);
      if (end < 0) return false;
      at = end;
    }
    if (at >= this.buf.length) return false;
    this.buf = Buffer.from(this.buf.subarray(this.off, at));
    this.off = 0;
    this.truncated = true;
    return true;
  }

  /** The connection is closing: what was not parsed never will be. */
  drop(): void {
    this.dropped = true;
    this.buf = null;
    this.park?.closing(this.socket as Socket);
  }

  /** Where the frame at `off` ends, or -1 while it has not all arrived. */
  private frameEnd(): number {
    return this.frameEndAt(this.off);
  }

  /** Where the frame at `at` ends, or -1 while it has not all arrived. */
  private frameEndAt(at: number): number {
    const b = this.buf;
    if (b === null) return -1;
    const left = b.length - at;
    if (left < 2) return -1;
    const len7 = b[at + 1]! & 0x7f;
    const mask = b[at + 1]! & 0x80 ? 4 : 0;
    let head = 2;
    let payload = len7;
    if (len7 === 126) {
      if (left < 4) return -1;
      head = 4;
      payload = b.readUInt16BE(at + 2);
    } else if (len7 === 127) {
      if (left < 10) return -1;
      head = 10;
      const hi = b.readUInt32BE(at + 2);
      payload = hi > 0 ? Infinity : b.readUInt32BE(at + 6);
    }
    // Longer than ws accepts: everything goes to ws now, which refuses it and closes (never buffered here).
    if (payload > this.maxPayload) return b.length;
    const end = at + head + mask + payload;
    return end <= b.length ? end : -1;
  }
}
