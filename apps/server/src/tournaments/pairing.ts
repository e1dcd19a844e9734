/**
 * Pairs a Swiss round off the event loop when the field is big: the maximum-weight matching is O(n³) and took
 * 25–133 ms per round at 256 players on the two-core machine (`npm run bench:tournament`), long enough to stall
 * every match on the node for that turn. Small fields pair inline (a few ms). One thread, started on first use
 * and kept (unref'd); if it cannot start, fails or takes over `timeoutMs`, the round is paired inline instead:
 * the same pure function, so the answer is the same either way.
 */
import { Worker } from 'node:worker_threads';
import { pairNextRound, type Outcome, type TournamentState } from '@vroyale/tournament';
import type { Logger } from '../logger.js';

/** Fields up to this many players pair inline. */
export const INLINE_PLAYERS = 64;

export class Pairer {
  private worker: Worker | null = null;
  private broken = false;
  private nextId = 1;
  private readonly waiting = new Map<number, (o: Outcome<TournamentState> | null) => void>();

  constructor(
    private readonly log: Logger,
    private readonly timeoutMs = 30_000,
  ) {}

  async pair(state: TournamentState): Promise<Outcome<TournamentState>> {
    const active = state.players.filter((p) => p.droppedAfterRound === undefined).length;
    if (active <= INLINE_PLAYERS || this.broken) return pairNextRound(state);
    const w = this.thread();
    if (!w) return pairNextRound(state);
    const id = this.nextId++;
    const outcome = await new Promise<Outcome<TournamentState> | null>((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        this.log.error({ timeoutMs: this.timeoutMs }, 'the pairing thread took too long: pairing inline');
        resolve(null);
      }, this.timeoutMs);
      this.waiting.set(id, (o) => {
        clearTimeout(timer);
        resolve(o);
      });
      w.postMessage({ id, state: JSON.stringify(state) });
    });
    return outcome ?? pairNextRound(state);
  }

  close(): void {
    void this.worker?.terminate();
    this.worker = null;
  }

  private thread(): Worker | null {
    if (this.worker) return this.worker;
    try {
      const w = new Worker(new URL('./pair-worker.mjs', import.meta.url));
      w.unref();
      w.on('message', (m: { id: number; outcome?: Outcome<TournamentState>; error?: string }) => {
        const done = this.waiting.get(m.id);
        this.waiting.delete(m.id);
        if (m.error) this.log.error({ error: m.error }, 'the pairing thread failed: pairing inline');
        done?.(m.outcome ?? null);
      });
      const fail = (err: Error) => {
        if (this.worker !== w) return;
        this.worker = null;
        this.broken = true;
        this.log.error({ err }, 'the pairing thread stopped: pairing inline from now on');
        for (const done of this.waiting.values()) done(null);
        this.waiting.clear();
      };
      w.on('error', fail);
      w.on('exit', (code) => fail(new Error(`pairing thread exited (${code})`)));
      this.worker = w;
      return w;
    } catch (e) {
      this.log.error({ err: e }, 'could not start the pairing thread: pairing inline');
      this.broken = true;
      return null;
    }
  }
}
