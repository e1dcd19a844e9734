/** Matchmaking calls over the socket (packages/protocol matchmaking.ts): queues and direct challenges. */
import type { ChallengeUpdate, ClockConfig, MatchFormat, QueueName, QueueState } from '@vroyale/protocol';
import { call } from './socket';
import { applyChallenge, applyQueueState } from './matchmaking-state';

/** Enter a queue: one game unless `format` says a best of three (each format is its own queue and rating). */
export async function joinQueue(queue: QueueName, roster: string, format: MatchFormat = 'bo1'): Promise<boolean> {
  const ack = await call('queue:join', { queue, roster, ...(format === 'bo3' ? { format } : {}) });
  if (ack) applyQueueState(stripAck<QueueState>(ack));
  return !!ack;
}

export async function leaveQueue(): Promise<void> {
  const ack = await call('queue:leave', {});
  if (ack) applyQueueState(stripAck<QueueState>(ack));
}

export async function acceptMatch(): Promise<void> {
  const ack = await call('queue:accept', {});
  if (ack) applyQueueState(stripAck<QueueState>(ack));
}

export async function sendChallenge(username: string, roster: string, clock: ClockConfig | undefined, format: MatchFormat = 'bo1'): Promise<boolean> {
  const ack = await call('challenge:send', { username, roster, ...(clock ? { clock } : {}), ...(format === 'bo3' ? { format } : {}) });
  if (ack) applyChallenge(stripAck<ChallengeUpdate>(ack));
  return !!ack;
}

export async function answerChallenge(challengeId: string, accept: boolean, roster?: string): Promise<void> {
  const ack = await call('challenge:answer', accept ? { challengeId, accept, roster } : { challengeId, accept });
  if (ack) applyChallenge(stripAck<ChallengeUpdate>(ack));
}

export async function cancelChallenge(challengeId: string): Promise<void> {
  const ack = await call('challenge:cancel', { challengeId });
  if (ack) applyChallenge(stripAck<ChallengeUpdate>(ack));
}

/** An ack is `{ ok: true, ...data }`: the data without the flag (a union stays the union it was). */
function stripAck<T>(ack: { ok: true } & T): T {
  const { ok: _ok, ...rest } = ack;
  void _ok;
  return rest as unknown as T;
}
