/**
 * What a tournament shows (protocol `TournamentView`, `TournamentSummary`), built per receiving user: `you` is
 * theirs, the organiser's tools only the organiser's, and the players' lists (rosters, deck codes) nobody's until
 * the event is over. Players appear by their number in the event ("p3") and display name, never a user id.
 */
import type { TournamentPhase, TournamentRoundView, TournamentSummary, TournamentView } from '@vroyale/protocol';
import { champion, standings } from '@vroyale/tournament';
import type { TournamentRecord } from '../storage/records.js';

const over = (r: TournamentRecord) => r.status === 'finished' || r.status === 'cancelled';

/** The round number a summary shows: Swiss rounds, then the cut's rounds after them. */
function roundNow(r: TournamentRecord): number {
  const s = r.state;
  if (!s) return 0;
  return s.rounds.length + (s.cut?.rounds.length ?? 0);
}

export function summaryOf(r: TournamentRecord): TournamentSummary {
  return {
    id: r.id,
    name: r.name,
    organiser: r.organiser.username,
    format: r.format,
    status: r.status,
    players: r.entrants.length,
    round: roundNow(r),
    rounds: r.rounds,
    topCut: r.topCut,
    registrationEndsAt: r.registrationEndsAt,
    visibility: r.visibility,
  };
}

/** The part of the view every user gets (built once per change, then `personal` per user). */
export type SharedView = Omit<TournamentView, 'you' | 'organiserTools'>;

/**
 * `currentRoom`: the room of a match's game being played now (a best-of-three's latest game), from its first room.
 */
export function viewOf(r: TournamentRecord, userId: string | null, now: number, currentRoom: (firstRoomId: string) => string): TournamentView {
  return personal(sharedView(r, now, currentRoom), r, userId);
}

/** `shared` with `userId`'s own part: their entry, and the organiser's tools when it is theirs. */
export function personal(shared: SharedView, r: TournamentRecord, userId: string | null): TournamentView {
  return { ...shared, ...personalPart(r, userId) };
}

/** What only `userId` gets: their entry (`you`) and, for the organiser, the tools. */
export function personalPart(r: TournamentRecord, userId: string | null): Pick<TournamentView, 'you' | 'organiserTools'> {
  const me = userId ? r.entrants.find((e) => e.userId === userId) : undefined;
  const meState = me && r.state ? r.state.players.find((p) => p.id === me.playerId) : undefined;
  return {
    you: me
      ? {
          playerId: me.playerId,
          dropped: meState?.droppedAfterRound !== undefined,
          ready: r.phase.kind === 'ready-check' && r.phase.ready.includes(me.playerId),
          roster: me.roster,
        }
      : null,
    organiserTools: userId === r.organiser.userId ? { invite: r.invite } : null,
  };
}

export function sharedView(r: TournamentRecord, now: number, currentRoom: (firstRoomId: string) => string): SharedView {
  const s = r.state;
  const history: TournamentRoundView[] = [];
  const room = (stage: 'swiss' | 'cut', round: number, table: number) => {
    const id = r.rooms[`${stage}:${round}:${table}`];
    return id ? currentRoom(id) : null;
  };
  for (const round of s?.rounds ?? [])
    history.push({
      number: round.number,
      stage: 'swiss',
      pairings: round.pairings.map((m) => ({
        table: m.table,
        a: m.a,
        b: m.b,
        roomId: m.b ? room('swiss', round.number, m.table) : null,
        result: m.result ?? null,
      })),
    });
  for (const round of s?.cut?.rounds ?? [])
    history.push({
      number: round.number,
      stage: 'cut',
      pairings: round.pairings.map((m) => ({ table: m.table, a: m.a, b: m.b, roomId: room('cut', round.number, m.table), result: m.result ?? null })),
    });
  const dropped = (id: string) => s?.players.find((p) => p.id === id)?.droppedAfterRound;
  // A copy: the record's phase changes in place (its ready list) after the view is sent.
  const phase: TournamentPhase = r.phase.kind === 'ready-check' ? { ...r.phase, ready: [...r.phase.ready] } : { ...r.phase };
  return {
    id: r.id,
    name: r.name,
    organiser: r.organiser.username,
    status: r.status,
    format: r.format,
    clock: r.clock,
    rounds: r.rounds,
    topCut: r.topCut,
    roundMinutes: r.roundMinutes,
    visibility: r.visibility,
    registrationEndsAt: r.registrationEndsAt,
    serverNow: now,
    phase,
    pauseRequested: r.pauseRequested,
    players: r.entrants.map((e) => {
      const d = dropped(e.playerId);
      return d === undefined ? { id: e.playerId, name: e.name } : { id: e.playerId, name: e.name, droppedAfterRound: d };
    }),
    history,
    standings: s
      ? standings(s).map((x) => ({
          rank: x.rank,
          id: x.id,
          points: x.matchPoints,
          wins: x.wins,
          losses: x.losses,
          draws: x.draws,
          omw: x.oppMatchWinPct,
          gw: x.gameWinPct,
          ogw: x.oppGameWinPct,
        }))
      : [],
    cutSeeds: s?.cut ? [...s.cut.seeds] : null,
    champion: s ? champion(s) : null,
    lists: over(r) && s ? r.entrants.map((e) => ({ id: e.playerId, label: e.label, code: e.roster })) : null,
  };
}

/** The Events list for `userId`: public events and their own (organised or entered), open ones first, newest first. */
export function listFor(all: readonly TournamentRecord[], userId: string): TournamentSummary[] {
  const mine = (r: TournamentRecord) => r.organiser.userId === userId || r.entrants.some((e) => e.userId === userId);
  const rank = (r: TournamentRecord) => (r.status === 'finished' || r.status === 'cancelled' ? 1 : 0);
  return all
    .filter((r) => r.visibility === 'public' || mine(r))
    .sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt)
    .slice(0, 100)
    .map((r) => summaryOf(r));
}
