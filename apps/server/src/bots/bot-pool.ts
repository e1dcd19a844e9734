/**
 * The bots on worker threads, so a slow decision (the search's second or three, strongBot's tens of ms on a
 * big board) never delays the other matches on the event loop. Requests go to the thread with the fewest in flight; each carries only the
 * BotInput (the bot's own projection, its legal actions, a seed), sent as JSON (cheaper to copy than a
 * structured clone of the view). A decision that takes longer than `timeoutMs`, or a thread that dies,
 * rejects its requests (the master then plays a safe legal action); a dead thread is replaced on the next
 * request. If threads cannot be started at all, decisions run inline.
 */
import { Worker } from 'node:worker_threads';
import type { Action, BotInput, BotLevel } from '@vroyale/engine';
import type { Logger } from '../logger.js';
import { decideInline, inlineBot, type ServerBot } from './server-bot.js';

interface Request {
  resolve: (a: Action) => void;
  reject: (e: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

interface Thread {
  worker: Worker;
  inFlight: Map<number, Request>;
}

const MAX_RESTARTS = 5;

export class BotPool implements ServerBot {
  readonly name = 'pool';
  private readonly threads: (Thread | null)[];
  private nextId = 1;
  private restarts = 0;
  private closed = false;

  constructor(
    size: number,
    private readonly log: Logger,
    private readonly timeoutMs = 10_000,
  ) {
    this.threads = Array.from({ length: size }, () => this.spawn());
  }

  private spawn(): Thread | null {
    try {
      const worker = new Worker(new URL('./bot-worker.mjs', import.meta.url));
      worker.unref();
      const t: Thread = { worker, inFlight: new Map() };
      worker.on('message', (m: { id?: number; action?: Action; error?: string }) => {
        if (m.id === undefined) return;
        const r = t.inFlight.get(m.id);
        if (!r) return;
        t.inFlight.delete(m.id);
        clearTimeout(r.timer);
        if (m.action) r.resolve(m.action);
        else r.reject(new Error(m.error ?? 'bot failed'));
      });
      const fail = (why: Error) => {
        const i = this.threads.indexOf(t);
        if (i >= 0) this.threads[i] = null;
        for (const r of t.inFlight.values()) {
          clearTimeout(r.timer);
          r.reject(why);
        }
        t.inFlight.clear();
        if (!this.closed) this.log.error({ err: why }, 'bot thread stopped');
      };
      worker.on('error', fail);
      worker.on('exit', (code) => fail(new Error(`bot thread exited (${code})`)));
      return t;
    } catch (e) {
      this.log.error({ err: e }, 'could not start a bot thread');
      return null;
    }
  }

  private pick(): Thread | null {
    for (let i = 0; i < this.threads.length; i++)
      if (!this.threads[i] && this.restarts < MAX_RESTARTS) {
        this.restarts++;
        this.threads[i] = this.spawn();
      }
    let best: Thread | null = null;
    for (const t of this.threads) if (t && (!best || t.inFlight.size < best.inFlight.size)) best = t;
    return best;
  }

  decide(input: BotInput, level: BotLevel = 'normal'): Promise<Action> {
    const t = this.closed ? null : this.pick();
    // No thread (closed, or they keep failing): decide here rather than leave the bot's seat stuck.
    if (!t) return Promise.resolve().then(() => decideInline(input, level));
    const id = this.nextId++;
    return new Promise<Action>((resolve, reject) => {
      const timer = setTimeout(() => {
        t.inFlight.delete(id);
        reject(new Error(`bot decision took over ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      timer.unref();
      t.inFlight.set(id, { resolve, reject, timer });
      t.worker.postMessage({ id, level, input: JSON.stringify(input) });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map((t) => t?.worker.terminate()));
  }
}

/** The configured bot: `threads` worker threads, or inline when `threads` is 0. */
export function serverBot(threads: number, log: Logger): ServerBot {
  return threads > 0 ? new BotPool(threads, log) : inlineBot();
}
