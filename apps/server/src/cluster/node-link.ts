/**
 * Messages from one node to one other node (issue 33 §4; docs/decisions/0011-per-node-delivery.md): each node
 * reads only its own Redis stream (`vroyale:node:<id>`), and a sender appends to the stream of the node it means.
 * What crosses Redis for an action (a forward, its answer, the views to sockets held by other nodes) is then
 * written once and read once, however many nodes there are; with the Socket.IO streams adapter every node read
 * every entry, so Redis's bytes out and each node's decoding grew with the number of nodes.
 *
 * Streams, as the adapter, rather than pub/sub: a node that loses Redis for a moment resumes from its last id
 * instead of missing what was sent meanwhile (the Redis restart test). The messages of one event-loop turn for
 * one node go out as one XADD (a forward's answer and the views it sets off usually share one).
 *
 * Order: one writer connection per node, so what node A sends to node B arrives in the order A sent it.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';

/** One node's side of the node-to-node channel. */
export interface NodeLink {
  readonly nodeId: string;
  /** A one-way message to node `to` only. */
  tell(to: string, kind: string, data: unknown): void;
  /** A request to node `to`: its answer, or undefined if none came within `timeoutMs` (dead, or Redis away). */
  ask(to: string, kind: string, data: unknown, timeoutMs: number): Promise<unknown>;
  /** Handles `kind` arriving here; `answer` replies to an `ask` (a no-op for a `tell`). */
  on(kind: string, f: (data: unknown, from: string, answer: (a: unknown) => void) => void): void;
  close(): void;
}

/** What travels: a one-way message, a request or an answer (the JSON of one entry holds a turn's worth). */
type Wire = { t: 'tell'; k: string; f: string; d: unknown } | { t: 'ask'; k: string; f: string; id: number; d: unknown } | { t: 'ans'; id: number; d: unknown };

export const streamOf = (nodeId: string): string => `vroyale:node:${nodeId}`;

/** Entries kept per stream (approximately): a reader more than this far behind has lost the oldest. */
const MAX_LEN = 10_000;
const BLOCK_MS = 2_000;
const READ_COUNT = 200;

export class RedisNodeLink implements NodeLink {
  private readonly handlers = new Map<string, (data: unknown, from: string, answer: (a: unknown) => void) => void>();
  private readonly waiting = new Map<number, { resolve: (a: unknown) => void; timer: ReturnType<typeof setTimeout> }>();
  private readonly outbox = new Map<string, Wire[]>();
  private flushing = false;
  private nextId = 1;
  private closed = false;

  /**
   * `writer` sends (it may be shared: it never blocks); `reader` is this link's own connection, blocked in XREAD
   * on this node's stream.
   */
  constructor(
    readonly nodeId: string,
    private readonly writer: Redis,
    private readonly reader: Redis,
    private readonly log: Logger,
  ) {
    reader.on('error', () => {}); // the health client logs each outage once
    void this.read();
  }

  tell(to: string, kind: string, data: unknown): void {
    this.put(to, { t: 'tell', k: kind, f: this.nodeId, d: data });
  }

  ask(to: string, kind: string, data: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(undefined);
      }, timeoutMs);
      this.waiting.set(id, { resolve, timer });
      this.put(to, { t: 'ask', k: kind, f: this.nodeId, id, d: data });
    });
  }

  on(kind: string, f: (data: unknown, from: string, answer: (a: unknown) => void) => void): void {
    this.handlers.set(kind, f);
  }

  close(): void {
    this.closed = true;
    for (const { resolve, timer } of this.waiting.values()) {
      clearTimeout(timer);
      resolve(undefined);
    }
    this.waiting.clear();
    this.reader.disconnect();
  }

  /** Queues a message for `to`; the turn's messages for each node leave together. */
  private put(to: string, w: Wire): void {
    if (this.closed) return;
    const box = this.outbox.get(to);
    if (box) box.push(w);
    else this.outbox.set(to, [w]);
    if (this.flushing) return;
    this.flushing = true;
    setImmediate(() => this.flush());
  }

  private flush(): void {
    this.flushing = false;
    for (const [to, ws] of this.outbox) {
      this.writer.xadd(streamOf(to), 'MAXLEN', '~', MAX_LEN, '*', 'm', JSON.stringify(ws)).catch((e: unknown) => {
        // The writer queues while Redis is away; this is a refusal (out of memory, a wrong type): the asks time out.
        this.log.warn({ err: (e as Error).message, to }, 'a node message could not be sent');
      });
    }
    this.outbox.clear();
  }

  private async read(): Promise<void> {
    const key = streamOf(this.nodeId);
    let last: string | null = null;
    while (!this.closed) {
      try {
        // From the stream's current end: what was sent to an earlier process of this node id is not ours.
        if (last === null) {
          const top = (await this.reader.xrevrange(key, '+', '-', 'COUNT', 1)) as [string, string[]][];
          last = top[0]?.[0] ?? '0-0';
        }
        const got = (await this.reader.xread('COUNT', READ_COUNT, 'BLOCK', BLOCK_MS, 'STREAMS', key, last)) as [string, [string, string[]][]][] | null;
        for (const [, entries] of got ?? [])
          for (const [id, fields] of entries) {
            last = id;
            await this.received(fields);
          }
      } catch (e) {
        if (this.closed) return;
        this.log.debug({ err: (e as Error).message }, 'reading node messages failed; trying again');
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }

  /**
   * After an answer, the rest waits for the next turn: the asker's reply to its client (a few promise steps
   * away) leaves before the views the answering node sent right after it, as on the answering node.
   */
  private async received(fields: string[]): Promise<void> {
    const raw = fields[1];
    if (fields[0] !== 'm' || typeof raw !== 'string') return;
    let ws: Wire[];
    try {
      ws = JSON.parse(raw) as Wire[];
    } catch {
      return;
    }
    if (!Array.isArray(ws)) return;
    for (const w of ws) if (this.dispatch(w)) await new Promise((r) => setImmediate(r));
  }

  /** True when it was an answer to an ask of ours. */
  private dispatch(w: Wire): boolean {
    if (w.t === 'ans') {
      const waiting = this.waiting.get(w.id);
      if (!waiting) return false; // timed out
      this.waiting.delete(w.id);
      clearTimeout(waiting.timer);
      waiting.resolve(w.d);
      return true;
    }
    const f = this.handlers.get(w.k);
    if (!f) return false;
    let answered = false;
    const answer =
      w.t === 'ask'
        ? (a: unknown) => {
            if (answered) return;
            answered = true;
            this.put(w.f, { t: 'ans', id: w.id, d: a });
          }
        : () => {};
    try {
      f(w.d, w.f, answer);
    } catch (e) {
      this.log.error({ err: e, kind: w.k }, 'a node message failed');
    }
    return false;
  }
}
