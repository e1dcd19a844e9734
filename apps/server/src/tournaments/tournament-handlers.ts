/** The tournament events (protocol tournaments.ts) as the game server's handler table calls them. */
import { err, type Handlers } from '../gateway/handler-table.js';
import type { TournamentService } from './tournament-service.js';

export type TournamentEvents =
  | 'tournament:list'
  | 'tournament:create'
  | 'tournament:watch'
  | 'tournament:unwatch'
  | 'tournament:register'
  | 'tournament:unregister'
  | 'tournament:ready'
  | 'tournament:drop'
  | 'tournament:manage';

export function tournamentHandlers(t: TournamentService, nameOf: (userId: string) => string): Handlers<TournamentEvents> {
  return {
    'tournament:list': async (conn, _p, reply) => reply({ ok: true, tournaments: await t.list(conn.userId) }),
    'tournament:create': async (conn, p, reply) => {
      const r = await t.create(conn.userId, p);
      reply(r.ok ? { ok: true, tournamentId: r.tournamentId, invite: r.invite } : err(r.code, r.message));
    },
    'tournament:watch': async (conn, p, reply) => {
      const r = await t.watch(conn.id, conn.userId, p);
      reply(r.ok ? { ok: true, ...r.view } : err(r.code, r.message));
    },
    'tournament:unwatch': (conn, p, reply) => {
      t.unwatch(conn.id, p.tournamentId);
      reply({ ok: true });
    },
    'tournament:register': async (conn, p, reply) => {
      const r = await t.register({ userId: conn.userId, socketId: conn.id }, nameOf(conn.userId), { tournamentId: p.tournamentId, invite: p.invite }, p.roster);
      if (!r.ok) return reply(err(r.code, r.message));
      // Registered: this socket follows the event (its ready checks reach it).
      await t.watch(conn.id, conn.userId, { tournamentId: p.tournamentId, invite: p.invite });
      reply({ ok: true, ...r.view });
    },
    'tournament:unregister': async (conn, p, reply) => {
      const r = await t.unregister({ userId: conn.userId, socketId: conn.id }, p);
      reply(r.ok ? { ok: true, ...r.view } : err(r.code, r.message));
    },
    'tournament:ready': async (conn, p, reply) => {
      const r = await t.ready({ userId: conn.userId, socketId: conn.id }, p);
      reply(r.ok ? { ok: true, ...r.view } : err(r.code, r.message));
    },
    'tournament:drop': async (conn, p, reply) => {
      const r = await t.drop({ userId: conn.userId, socketId: conn.id }, p);
      reply(r.ok ? { ok: true, ...r.view } : err(r.code, r.message));
    },
    'tournament:manage': async (conn, p, reply) => {
      const r = await t.manage({ userId: conn.userId, socketId: conn.id }, p);
      reply(r.ok ? { ok: true, ...r.view } : err(r.code, r.message));
    },
  };
}
