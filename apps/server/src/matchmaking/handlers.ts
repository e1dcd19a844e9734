/**
 * The six matchmaking events, as the game server's handler table calls them: rosters resolved with the same
 * check as `room:join` (`resolveRoster`), then the queue (queue.ts) or the challenges (challenges.ts).
 */
import type { CardDef } from '@vroyale/engine';
import type { Ack, AckData, ChallengeAnswerPayload, ChallengeCancelPayload, ChallengeSendPayload, QueueJoinPayload } from '@vroyale/protocol';
import { resolveRoster } from '../rooms/roster-choice.js';
import type { Challenges } from './challenges.js';
import type { MatchmakingQueue } from './queue.js';

type Conn = { userId: string };
type Reply<E extends keyof AckData> = (ack: Ack<AckData[E]>) => void;

export function matchmakingHandlers(queue: MatchmakingQueue, challenges: Challenges, pool: Record<string, CardDef>, nameOf: (userId: string) => string) {
  const player = (userId: string, choice: string) => {
    const r = resolveRoster(choice, pool);
    return r.ok
      ? { ok: true as const, player: { userId, name: nameOf(userId), roster: r.roster, side: r.side, rosterLabel: r.label } }
      : { ok: false as const, code: 'invalid-roster' as const, message: r.message };
  };
  return {
    'queue:join': async (conn: Conn, p: QueueJoinPayload, reply: Reply<'queue:join'>) => {
      const me = player(conn.userId, p.roster);
      if (!me.ok) return reply(me);
      const r = await queue.join(conn.userId, p.queue, me.player, p.format ?? 'bo1');
      reply(r.ok ? { ok: true, ...r.state } : r);
    },
    'queue:leave': (conn: Conn, _p: object, reply: Reply<'queue:leave'>) => reply({ ok: true, ...queue.leave(conn.userId) }),
    'queue:accept': (conn: Conn, _p: object, reply: Reply<'queue:accept'>) => {
      const r = queue.accept(conn.userId);
      reply(r.ok ? { ok: true, ...r.state } : r);
    },
    'challenge:send': async (conn: Conn, p: ChallengeSendPayload, reply: Reply<'challenge:send'>) => {
      const me = player(conn.userId, p.roster);
      if (!me.ok) return reply(me);
      const r = await challenges.send(me.player, p.username, p.clock, p.format ?? 'bo1');
      reply(r.ok ? { ok: true, ...r.update } : r);
    },
    'challenge:answer': async (conn: Conn, p: ChallengeAnswerPayload, reply: Reply<'challenge:answer'>) => {
      let accept = null;
      if (p.accept) {
        const me = player(conn.userId, p.roster!);
        if (!me.ok) return reply(me);
        accept = me.player;
      }
      const r = await challenges.answer(conn.userId, p.challengeId, accept);
      reply(r.ok ? { ok: true, ...r.update } : r);
    },
    'challenge:cancel': (conn: Conn, p: ChallengeCancelPayload, reply: Reply<'challenge:cancel'>) => {
      const r = challenges.cancel(conn.userId, p.challengeId);
      reply(r.ok ? { ok: true, ...r.update } : r);
    },
  };
}
