/**
 * What the server says about matchmaking (`queue:state`, `challenge:update`), into the store. A match made
 * (`matched`, or a challenge `accepted`) opens its room at once, wherever the person is in the app: they asked
 * for it, and the match's clock runs.
 */
import { CHALLENGE_TTL_MS, type ChallengeUpdate, type QueueState } from '@vroyale/protocol';
import { store } from '../store';

const opened = new Set<string>();

function openRoom(roomId: string, seat: 'A' | 'B' | null): void {
  if (opened.has(roomId)) return;
  opened.add(roomId);
  if (seat) store.setState((s) => ({ seats: [...s.seats.filter((x) => x.roomId !== roomId), { roomId, seat }] }));
  if (typeof location !== 'undefined') location.hash = `/room/${roomId}`;
}

export function applyQueueState(q: QueueState): void {
  store.setState({ queue: q, queueAt: Date.now() });
  if (q.status === 'matched') openRoom(q.roomId, q.seat);
}

/** Finished challenges linger this long (their end is shown), then go. */
const LINGER_MS = 6000;

/** When this page first heard of each challenge (local time). */
const seen = new Map<string, number>();

/**
 * A challenge's end on the local clock. Its `expiresAt` is server time and comes without the server's now, so
 * the page counts the challenge's lifetime from when it first heard of it (at most a moment late).
 */
export function challengeDeadline(c: ChallengeUpdate): number {
  return (seen.get(c.challengeId) ?? Date.now()) + CHALLENGE_TTL_MS;
}

export function applyChallenge(c: ChallengeUpdate): void {
  if (!seen.has(c.challengeId)) seen.set(c.challengeId, Date.now());
  store.setState((s) => ({ challenges: { ...s.challenges, [c.challengeId]: c } }));
  if (c.status === 'pending') return;
  if (c.status === 'accepted' && c.roomId) {
    const me = store.getState().me?.username?.toLowerCase();
    // The challenger sits in seat A (matchmaking.ts).
    openRoom(c.roomId, me === c.from.username.toLowerCase() ? 'A' : me === c.to.username.toLowerCase() ? 'B' : null);
  }
  setTimeout(
    () =>
      store.setState((s) => {
        if (s.challenges[c.challengeId]?.status !== c.status) return s;
        const rest = { ...s.challenges };
        delete rest[c.challengeId];
        seen.delete(c.challengeId);
        return { challenges: rest };
      }),
    LINGER_MS,
  );
}
