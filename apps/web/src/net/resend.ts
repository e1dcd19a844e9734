/**
 * Sending a message until the server has really dealt with it, showing nothing while a match moves between
 * servers (issue 19). Two things can happen to a message on its way:
 * - a refusal that means "nothing was done, send it again": `moved` (the match went to another server: a
 *   hand-over or a takeover) or `shutting-down` (this server is going away). The page sends it again after a
 *   short pause, once connected and identified again, and the person never sees it.
 * - no answer (the connection dropped, or none came in time): the server may or may not have handled it. Only a
 *   message that is safe to receive twice is sent again: an action keeps its clientActionId, which the server
 *   deduplicates (the first ack comes back), and joining, watching or settings change nothing the second time.
 *   Creating a room or a chat line is not resent (it could happen twice).
 */
import type { Ack } from '@vroyale/protocol';

/** Refusals after which the server did nothing and asks for the message again: never shown to the person. */
export const SILENT_RETRY: ReadonlySet<string> = new Set(['moved', 'shutting-down']);

/** One attempt's outcome: the server's answer, or 'lost' (no answer: handled or not, nobody knows). */
export type Attempt<T extends object> = Ack<T> | 'lost';

export interface ResendOptions {
  /** Safe to be handled twice: then also sent again after 'lost'. */
  idempotent: boolean;
  /** Resolves once the socket is connected and has said hello again (or gave up waiting). */
  ready: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  /** Pauses before each resend. */
  delaysMs?: readonly number[];
  /** No resend starts this long after the first attempt did (a server gone for longer is a real failure). */
  withinMs?: number;
  now?: () => number;
}

/** A hand-over takes well under a second; a takeover after a crash a few seconds: these cover both. */
export const RESEND_DELAYS_MS: readonly number[] = [200, 400, 800, 1_600, 3_200, 3_200];

/** Sends with `attempt` until it is answered with anything but a silent refusal (or 'lost', when idempotent). */
export async function sendSettled<T extends object>(attempt: () => Promise<Attempt<T>>, opts: ResendOptions): Promise<Attempt<T>> {
  const delays = opts.delaysMs ?? RESEND_DELAYS_MS;
  const now = opts.now ?? (() => Date.now());
  const t0 = now();
  for (let i = 0; ; i++) {
    const out = await attempt();
    const again = out === 'lost' ? opts.idempotent : !out.ok && SILENT_RETRY.has(out.code);
    if (!again || i >= delays.length || now() - t0 > (opts.withinMs ?? 20_000)) return out;
    await opts.sleep(delays[i]!);
    await opts.ready();
  }
}

/**
 * What the page does with a `server:notice`: `moving` is said just before the server closes this socket to hand
 * its matches to another server; Socket.IO reconnects by itself (through the balancer, to another node), so the
 * most the person sees is the quiet "reconnecting" line while it does. Nothing to show.
 */
export function noticeEffect(kind: string): 'quiet' | 'session-ended' | 'show' {
  if (kind === 'moving') return 'quiet';
  if (kind === 'signed-out') return 'session-ended';
  return 'show';
}
