/**
 * One Swiss tournament as the server runs it (issue 34 §2): the pure rules are `@vroyale/tournament`'s (pairing,
 * results, standings, the top cut); this decides when they are called. A round goes:
 *   ready check (each active player confirms before `readyMs`; who does not is dropped, from this round on)
 *   → pairing (Swiss: `pairNextRound`; the cut's pairings come from `startTopCut` / `advanceCut`)
 *   → one room per table (the host opens it and seats both players; a bye needs none)
 *   → each match's result as its room reports it (`matchDecided`) → the next round, the cut, or the end.
 * Round time (PR-20): at `endsAt` time is called; a game in progress goes on for its turn and EXTRA_TURNS more,
 * then is drawn by the server (the host counts turns); a best-of-three starts no new game after time.
 * The organiser may pause before the next round, fix a result, drop a player. The record is saved whole at each
 * change (tournament-service.ts reads it back at start-up).
 */
import type { TournamentManagePayload } from '@vroyale/protocol';
import {
  champion,
  createTournament,
  dropPlayer,
  fixResult,
  openMatches,
  standardRounds,
  startTopCut,
  type MatchResult,
  type Outcome,
  type TournamentState,
} from '@vroyale/tournament';
import type { Logger } from '../logger.js';
import type { TournamentEntrant, TournamentRecord } from '../storage/records.js';
import type { TimerHandle } from '../time/clock.js';
import type { Done, Refused, TournamentHost } from './tournament-host.js';
import { allReady, expectedReady, isActive, openRooms, roundPairings, tableKey, tablesWithoutRoom, withResult, type Stage } from './tournament-rounds.js';

export { newTournamentRecord, type Done, type Refused, type TournamentHost } from './tournament-host.js';

const refused = (code: Refused['code'], message: string): Refused => ({ ok: false, code, message });

export class Tournament {
  private timer: TimerHandle | null = null;
  /** A ready check is closing (pairing may await a thread): a second close must not pair again. */
  private closing = false;
  /** Another node runs the event now (cluster): whatever was under way here saves, schedules and opens nothing. */
  private halted = false;
  /** The last save issued: a request is acknowledged once it committed (nothing acked is lost). */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly h: TournamentHost<Tournament>,
    readonly rec: TournamentRecord,
  ) {}

  get id(): string {
    return this.rec.id;
  }

  /** The entrant of `userId`, if registered. */
  entrantOf(userId: string): TournamentEntrant | undefined {
    return this.rec.entrants.find((e) => e.userId === userId);
  }

  /** Registration: a new entrant, or a registered one's new roster. */
  register(e: Omit<TournamentEntrant, 'playerId'>, maxPlayers: number): Done {
    if (this.rec.status !== 'registration') return refused('wrong-phase', 'Registration for this tournament is closed');
    const mine = this.entrantOf(e.userId);
    if (mine) {
      Object.assign(mine, { roster: e.roster, label: e.label, name: e.name });
    } else {
      if (this.rec.entrants.length >= maxPlayers) return refused('wrong-phase', `This tournament is full (${maxPlayers} players)`);
      const n = this.rec.entrants.reduce((m, x) => Math.max(m, Number(x.playerId.slice(1))), 0) + 1;
      this.rec.entrants.push({ playerId: `p${n}`, ...e });
    }
    this.commit();
    return { ok: true };
  }

  unregister(userId: string): Done {
    if (this.rec.status !== 'registration') return refused('wrong-phase', 'The tournament has started: drop instead');
    const i = this.rec.entrants.findIndex((e) => e.userId === userId);
    if (i < 0) return refused('not-registered', 'You are not registered in this tournament');
    this.rec.entrants.splice(i, 1);
    this.commit();
    return { ok: true };
  }

  /** Closes registration and opens round 1's ready check (the organiser, or the registration deadline). */
  start(byDeadline: boolean): Done {
    if (this.rec.status !== 'registration') return refused('wrong-phase', 'The tournament has already started');
    const n = this.rec.entrants.length;
    if (n < 2) {
      if (!byDeadline) return refused('wrong-phase', `A tournament needs at least 2 players; ${n} registered`);
      this.rec.status = 'cancelled';
      this.rec.phase = { kind: 'over' };
      this.h.log.info({ tournamentId: this.id, players: n }, 'tournament cancelled: too few players at the deadline');
      return this.commit();
    }
    let topCut = this.rec.topCut;
    if (topCut > n) {
      if (!byDeadline) return refused('wrong-phase', `A top cut of ${topCut} needs at least ${topCut} players; ${n} registered`);
      // At the deadline the event goes ahead without the cut it cannot fill.
      topCut = 0;
      this.rec.topCut = 0;
    }
    const rounds = Math.min(this.rec.rounds ?? standardRounds(n), standardRounds(n));
    const seed = parseInt(this.id.replace(/[^0-9a-f]/gi, '').slice(0, 8) || '1', 16) >>> 0;
    const created = createTournament(
      { format: this.rec.format, rounds, topCut, seed },
      this.rec.entrants.map((e) => e.playerId),
    );
    if (!created.ok) return refused('wrong-phase', created.message);
    this.rec.state = created.state;
    this.rec.rounds = rounds;
    this.rec.status = 'running';
    this.h.log.info({ tournamentId: this.id, players: n, rounds, topCut }, 'tournament started');
    this.readyCheck('swiss', 1);
    return { ok: true };
  }

  /** A player confirms for the round's ready check. */
  ready(userId: string): Done {
    const e = this.entrantOf(userId);
    const p = this.rec.phase;
    if (!e || !isActive(this.rec, e.playerId)) return refused('not-registered', 'You are not playing in this tournament');
    if (p.kind !== 'ready-check') return refused('wrong-phase', 'There is no ready check open');
    if (!expectedReady(this.rec).includes(e.playerId)) return refused('wrong-phase', 'You have no match in this round');
    if (!p.ready.includes(e.playerId)) p.ready.push(e.playerId);
    // Saved before the pairing (which may wait on a thread): the ack waits for this row, not the pairing's.
    this.commit();
    if (allReady(this.rec)) void this.closeReadyCheck();
    return { ok: true };
  }

  /** A player leaves the event: their results stay; they are paired in no later round (a cut match is conceded). */
  drop(playerId: string, by: 'self' | 'organiser'): Done {
    if (this.rec.status !== 'running' && this.rec.status !== 'paused') return refused('wrong-phase', 'Players drop only while the tournament runs');
    const r = dropPlayer(this.rec.state!, playerId);
    if (!r.ok) return refused(r.code === 'unknown-player' ? 'not-registered' : 'wrong-phase', r.message);
    this.h.log.info({ tournamentId: this.id, playerId, by }, 'tournament drop');
    this.adopt(r.state);
    const p = this.rec.phase;
    if (p.kind === 'playing') {
      this.afterResult();
      return { ok: true };
    }
    this.commit();
    if (allReady(this.rec)) void this.closeReadyCheck();
    return { ok: true };
  }

  /** The organiser's tools other than a drop. */
  manage(p: Exclude<TournamentManagePayload, { op: 'drop' }>): Done {
    switch (p.op) {
      case 'start':
        return this.start(false);
      case 'pause':
        if (this.rec.status !== 'running') return refused('wrong-phase', 'Only a running tournament can be paused');
        this.rec.pauseRequested = true;
        return this.commit();
      case 'resume':
        if (this.rec.status !== 'paused' && !this.rec.pauseRequested) return refused('wrong-phase', 'The tournament is not paused');
        this.rec.pauseRequested = false;
        if (this.rec.status === 'paused') {
          this.rec.status = 'running';
          this.next();
          return { ok: true };
        }
        return this.commit();
      case 'cancel':
        if (this.rec.status === 'finished' || this.rec.status === 'cancelled') return refused('wrong-phase', 'The tournament is already over');
        this.stop();
        this.rec.status = 'cancelled';
        this.rec.phase = { kind: 'over' };
        return this.commit();
      case 'fix': {
        if (!this.rec.state) return refused('wrong-phase', 'The tournament has not started');
        const r = fixResult(this.rec.state, p.round, p.table, p.result);
        if (!r.ok) return refused('bad-request', r.message);
        this.h.log.info({ tournamentId: this.id, round: p.round, table: p.table, result: p.result }, 'tournament result fixed');
        this.adopt(r.state);
        return this.commit();
      }
    }
  }

  /** The match that began in `firstRoomId` is decided: `result` from seat A's side (the pairing's player a). */
  matchDecided(firstRoomId: string, result: MatchResult): void {
    const got = withResult(this.rec, firstRoomId, result);
    if (!got) return;
    const r = got.outcome;
    if (!r.ok) return void this.h.log.error({ tournamentId: this.id, at: got.at, result, code: r.code, message: r.message }, 'a tournament result was refused');
    this.adopt(r.state);
    this.afterResult();
  }

  /** Start-up: the timer of the phase in progress runs again (a deadline missed while down gets `graceMs`). */
  resume(graceMs: number): void {
    const p = this.rec.phase;
    const now = this.h.clock.now();
    if (this.rec.status === 'registration') this.rec.registrationEndsAt = Math.max(this.rec.registrationEndsAt, now + graceMs);
    if (p.kind === 'ready-check') p.deadline = Math.max(p.deadline, now + graceMs);
    // Everyone had confirmed but the pairing was not saved: it runs now, not at the deadline.
    if (allReady(this.rec)) return void this.closeReadyCheck();
    if (p.kind === 'playing' && p.endsAt !== null && !p.timeCalled) p.endsAt = Math.max(p.endsAt, now + graceMs);
    this.schedule();
    // Tables whose room was not saved yet when the server (or the event's node) stopped get one now.
    if (p.kind === 'playing' && tablesWithoutRoom(this.rec)) void this.openTables(p.stage, p.round);
  }

  /** The rooms of the round in progress whose match has no result yet. */
  openRooms(): string[] {
    return openRooms(this.rec);
  }

  stop(): void {
    if (this.timer) this.h.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  /** For good: this node no longer runs the event (it lost its lease, or shuts down). */
  halt(): void {
    this.halted = true;
    this.stop();
  }

  private roundPairings(stage: Stage, round: number) {
    return roundPairings(this.rec, stage, round);
  }

  private readyCheck(stage: Stage, round: number): void {
    this.rec.phase = { kind: 'ready-check', stage, round, deadline: this.h.clock.now() + this.h.readyMs, ready: [] };
    this.commit();
    this.schedule();
  }

  /** Everyone expected is ready, or the deadline passed: drop who was not, pair, open the rooms. */
  private async closeReadyCheck(): Promise<void> {
    const p = this.rec.phase;
    if (p.kind !== 'ready-check' || this.closing) return;
    this.closing = true;
    try {
      await this.pairAndOpen(p);
    } finally {
      this.closing = false;
    }
  }

  private async pairAndOpen(p: Extract<TournamentRecord['phase'], { kind: 'ready-check' }>): Promise<void> {
    this.stop();
    for (const id of expectedReady(this.rec).filter((x) => !p.ready.includes(x))) {
      const r = dropPlayer(this.rec.state!, id);
      if (r.ok) this.adopt(r.state);
      this.h.log.info({ tournamentId: this.id, playerId: id, round: p.round, stage: p.stage }, 'missed the ready check: dropped');
    }
    const t0 = performance.now();
    if (p.stage === 'swiss') {
      let r: Outcome<TournamentState>;
      let from: TournamentState;
      // Paired again if the state changed while the thread worked (an organiser's drop or fix meanwhile).
      do {
        from = this.rec.state!;
        r = await this.h.pair(from);
      } while (this.rec.state !== from && !this.halted);
      if (this.halted) return;
      // Fewer than two players left: the event ends with the standings as they are.
      if (!r.ok) return this.finish(`no round ${p.round}: ${r.message}`);
      this.adopt(r.state);
    }
    const pairMs = performance.now() - t0;
    this.rec.phase = {
      kind: 'playing',
      stage: p.stage,
      round: p.round,
      endsAt: p.stage === 'swiss' ? this.h.clock.now() + this.rec.roundMinutes * 60_000 : null,
      timeCalled: false,
    };
    this.commit();
    const t1 = performance.now();
    await this.openTables(p.stage, p.round);
    const tables = this.roundPairings(p.stage, p.round).length;
    // bench:tournament reads these figures from the log.
    const ms = { pairMs: Math.round(pairMs * 10) / 10, openMs: Math.round((performance.now() - t1) * 10) / 10 };
    this.h.log.info({ tournamentId: this.id, stage: p.stage, round: p.round, tables, ...ms }, 'tournament round paired');
    this.schedule();
    // Every match may already be decided (byes only, or cut matches conceded by drops).
    this.afterResult();
  }

  private async openTables(stage: Stage, round: number): Promise<void> {
    const byId = new Map(this.rec.entrants.map((e) => [e.playerId, e]));
    for (const m of this.roundPairings(stage, round)) {
      const k = tableKey(stage, round, m.table);
      if (this.halted) return;
      if (m.b === null || m.result || this.rec.rooms[k]) continue;
      try {
        this.rec.rooms[k] = await this.h.startMatch(this, byId.get(m.a)!, byId.get(m.b)!);
      } catch (e) {
        // The match could not be saved: the table plays no game; the organiser can enter its result.
        this.h.log.error({ err: e, tournamentId: this.id, table: k }, 'a tournament match could not start');
      }
    }
    this.commit();
  }

  /** After a result or a drop: the round may be complete. */
  private afterResult(): void {
    const p = this.rec.phase;
    const s = this.rec.state!;
    if (p.kind !== 'playing') return void this.commit();
    const done = p.stage === 'swiss' ? openMatches(s) === 0 : (s.cut?.rounds.length ?? 0) > p.round || champion(s) !== null;
    if (!done) return void this.commit();
    this.stop();
    if (this.rec.pauseRequested) {
      this.rec.status = 'paused';
      this.rec.phase = { kind: 'paused', before: p.stage === 'swiss' ? p.round + 1 : s.config.rounds + p.round + 1 };
      this.commit();
      return;
    }
    this.next();
  }

  /** The round after the last complete one: Swiss, the cut's start, its next round, or the end. */
  private next(): void {
    const s = this.rec.state!;
    if (!s.cut && s.rounds.length < s.config.rounds) {
      // Fewer than two active players cannot make a round.
      if (s.players.filter((x) => x.droppedAfterRound === undefined).length < 2) return this.finish('too few players left');
      return this.readyCheck('swiss', s.rounds.length + 1);
    }
    if (!s.cut && s.config.topCut > 0) {
      const r = startTopCut(s);
      if (!r.ok) return this.finish(`no top cut: ${r.message}`);
      this.adopt(r.state);
      return this.readyCheck('cut', 1);
    }
    if (s.cut && champion(s) === null) return this.readyCheck('cut', s.cut.rounds.length);
    this.finish('complete');
  }

  private finish(why: string): void {
    this.stop();
    this.rec.status = 'finished';
    this.rec.phase = { kind: 'over' };
    this.h.log.info({ tournamentId: this.id, why }, 'tournament finished');
    this.commit();
  }

  private adopt(s: TournamentState): void {
    this.rec.state = s;
  }

  private schedule(): void {
    this.stop();
    if (this.halted) return;
    const p = this.rec.phase;
    const now = this.h.clock.now();
    let at: number | null = null;
    let run: () => void = () => {};
    if (this.rec.status === 'registration') {
      at = this.rec.registrationEndsAt;
      run = () => void this.start(true);
    } else if (p.kind === 'ready-check') {
      at = p.deadline;
      run = () => void this.closeReadyCheck();
    } else if (p.kind === 'playing' && p.endsAt !== null && !p.timeCalled) {
      at = p.endsAt;
      run = () => this.timeUp();
    }
    if (at === null) return;
    this.timer = this.h.clock.setTimeout(
      () => {
        this.timer = null;
        run();
      },
      Math.max(0, at - now),
    );
  }

  /** Round time (PR-20): the games still running get their extra turns; the host ends them after. */
  private timeUp(): void {
    const p = this.rec.phase;
    if (p.kind !== 'playing' || p.timeCalled) return;
    p.timeCalled = true;
    this.h.log.info({ tournamentId: this.id, round: p.round }, 'round time called');
    this.commit();
    this.h.callTime(this, this.openRooms());
  }

  /** Saves the record and tells everyone watching. */
  private commit(): Done {
    if (this.halted) return { ok: true };
    this.saving = this.h.save(this.rec);
    this.h.changed(this);
    return { ok: true };
  }

  /** Settles once the last change made so far is in the row; rejects if it is not (or the event stopped here). */
  saved(): Promise<void> {
    return this.halted ? Promise.reject(new Error('the tournament no longer runs here')) : this.saving;
  }

  /** Registration opened: its deadline's timer. */
  opened(): void {
    this.schedule();
  }
}
