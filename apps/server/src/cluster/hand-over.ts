/**
 * Moving a match between nodes without the clients seeing an error (issue 19 §3; docs/scaling.md item 7).
 *
 * - `takeReleased`: another node stopping with SIGTERM released these matches' leases after draining their
 *   queues and said so (`vroyale:released`); every node tries to acquire each at once, and the one whose upsert
 *   wins replays it. Without this the matches would wait for some node's next scan (≤ 500 ms).
 * - `untilHeld`: a message about a room that some node held lately but none answers for now (its node died or is
 *   handing it over) is sent again a few times over a few seconds before the client is told `moved`: a hand-over
 *   completes within that window, so the client never hears of it.
 */
import type { Logger } from '../logger.js';
import type { Ownership } from './ownership.js';

/** Acquires each released match it can (one node wins each) and replays it here; failures release it again. */
export async function takeReleased(
  ownership: Ownership,
  matchIds: readonly string[],
  takeOver: (matchId: string) => Promise<void>,
  log: Logger,
): Promise<number> {
  let taken = 0;
  for (const id of matchIds) {
    if (typeof id !== 'string' || ownership.owns(id)) continue;
    if (!(await ownership.acquire(id, 'taken-over'))) continue;
    try {
      await takeOver(id);
      taken++;
    } catch (e) {
      log.error({ err: e, matchId: id }, 'taking a handed-over match failed; releasing it');
      await ownership.release([id]);
    }
  }
  return taken;
}

export interface UntilHeldOptions {
  /** Pauses between attempts. */
  delaysMs: readonly number[];
  /** No third or later attempt starts this long after the first one did. */
  withinMs: number;
}

/**
 * Enough for a hand-over (the taker replays within tens of ms of the release) and most of a takeover's wait. An
 * attempt may itself wait up to the adapter's 5 s request timeout (a dead node still counted), so the last answer
 * comes within about 3 + 5 s: inside a client's 10 s ack timeout.
 */
export const UNTIL_HELD: UntilHeldOptions = { delaysMs: [100, 200, 400, 800, 1_600], withinMs: 3_000 };

/**
 * Runs `attempt` (a forward: the holder's answer, or null when no node answered) until a node answers; while
 * `moving()` says the room is on its way to another node, again after each delay. Resolves with the answer,
 * `null` (nobody holds it and it is not moving: the caller answers as for an unknown room) or `'moving'`
 * (still unheld when the window closed: the caller answers `moved`, which clients resend silently).
 */
export async function untilHeld<T>(
  attempt: () => Promise<T | null>,
  moving: () => boolean,
  opts: UntilHeldOptions = UNTIL_HELD,
  now: () => number = () => performance.now(),
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((r) => setTimeout(r, ms)),
): Promise<T | null | 'moving'> {
  const t0 = now();
  for (let i = 0; ; i++) {
    const answer = await attempt();
    if (answer !== null) return answer;
    if (!moving()) return null;
    const delay = opts.delaysMs[i];
    // One more attempt after a slow first one whatever the window: it was slow because the adapter waited for a
    // dead node, which it stops counting by then, and the room has likely found its new node meanwhile.
    if (delay === undefined || (i > 0 && now() - t0 + delay > opts.withinMs)) return 'moving';
    await sleep(delay);
  }
}
