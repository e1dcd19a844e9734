/** The puzzle events (protocol puzzles.ts) as the game server's handler table calls them. */
import type { Action } from '@vroyale/engine';
import { err, type Handlers } from '../gateway/handler-table.js';
import type { PuzzleService } from './puzzle-service.js';

export type PuzzleEvents = 'puzzle:daily' | 'puzzle:next' | 'puzzle:move' | 'puzzle:hint' | 'puzzle:solution';

export function puzzleHandlers(s: PuzzleService): Handlers<PuzzleEvents> {
  return {
    'puzzle:daily': async (conn, _p, reply) => reply(await s.daily(conn.userId)),
    'puzzle:next': async (conn, _p, reply) => reply(await s.next(conn.userId)),
    'puzzle:move': async (conn, p, reply) => {
      const seat = (await s.seatOf(conn.userId, p.puzzleId)) ?? p.action.manager ?? 'A';
      if (p.action.manager && p.action.manager !== seat) return reply(err('wrong-seat', `You play seat ${seat}; this action names ${p.action.manager}`));
      reply(await s.move(conn.userId, p.puzzleId, p.seq, { ...p.action, manager: seat } as Action));
    },
    'puzzle:hint': async (conn, p, reply) => reply(await s.hint(conn.userId, p.puzzleId)),
    'puzzle:solution': async (conn, p, reply) => reply(await s.solution(conn.userId, p.puzzleId)),
  };
}
