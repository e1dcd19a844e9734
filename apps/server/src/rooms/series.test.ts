/**
 * A best-of-three's bookkeeping with a recording host (no rooms, no sockets): PR-18 (who chooses), PR-19 (a drawn
 * game is replayed), PR-22 (swaps checked, kept hidden, made when the window closes), the window's deadline.
 */
import { describe, expect, it } from 'vitest';
import { validateSwap } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { Seat } from '@vroyale/protocol';
import { ManualClock } from '../time/manual-clock.js';
import type { Occupant, SeriesRecord } from '../storage/records.js';
import { Series, type SeriesHost } from './series.js';

const raid = starterRosters.find((r) => r.id === 'raid-night')!;
const mod = starterRosters.find((r) => r.id === 'mod-squad')!;
const occ = (userId: string, r: typeof raid): Occupant => ({
  userId,
  name: userId,
  roster: { centre: r.centre, cards: [...r.cards] },
  rosterLabel: r.id,
  bot: false,
});

function setup(sideboardMs = 1_000, failOpen = false, failSave = false) {
  const clock = new ManualClock(1_000);
  const saved: SeriesRecord[] = [];
  const opened: { seats: Record<Seat, Occupant>; chooser: Seat }[] = [];
  const told: string[] = [];
  const decided: { roomId: string; score: { winsA: number; winsB: number; draws: number } }[] = [];
  const errors: string[] = [];
  /** Rooms whose match's lease the series let go of; `lease.ours`: may this node run it (a cluster's lease). */
  const settled: string[] = [];
  const lease = { ours: true };
  let n = 1;
  const seats = { A: occ('ann', raid), B: occ('ben', mod) };
  const host: SeriesHost = {
    clock,
    log: { info: () => {}, warn: () => {}, error: (o: object, msg: string) => errors.push(msg) } as never,
    pool: cardPool,
    sideboardMs,
    save: (rec) => {
      if (failSave) return Promise.reject(new Error('the disk is full'));
      saved.push(structuredClone(rec));
      return Promise.resolve();
    },
    seatsOf: () => seats,
    changed: (roomId) => told.push(roomId),
    openGame: (s, st, chooser) => {
      if (failOpen) throw new Error('the store refused the room');
      const roomId = `g${++n}`;
      s.addGame(roomId, chooser);
      opened.push({ seats: st, chooser });
      return roomId;
    },
    decided: (s, score) => decided.push({ roomId: s.rec.games[0]!.roomId, score }),
    mayRun: () => lease.ours,
    settled: (roomId) => settled.push(roomId),
  };
  const deck = (o: Occupant) => ({ roster: o.roster, side: [] as string[] });
  const rec: SeriesRecord = {
    id: 's1',
    format: 'bo3',
    status: 'playing',
    kind: 'room',
    visibility: 'public',
    clock: { initialMs: 600_000, incrementMs: 5_000 },
    seats,
    registered: { A: deck(seats.A), B: deck(seats.B) },
    current: { A: deck(seats.A), B: deck(seats.B) },
    games: [{ roomId: 'g1', winner: null, chooser: null }],
    between: null,
    winner: null,
    createdAt: 1_000,
  };
  return { series: new Series(host, rec), clock, saved, opened, told, rec, errors, decided, settled, lease };
}

describe('a best-of-three', () => {
  it('tells who listens the score once decided, from its first room', () => {
    const { series, decided } = setup();
    series.gameEnded('g1', 'A', 'A');
    expect(decided).toEqual([]);
    for (const s of ['A', 'B'] as const) {
      const r = series.sideboard('g1', s, { out: [], in: [] });
      if (r.ok) r.then();
    }
    series.gameEnded('g2', 'A', 'B');
    expect(decided).toEqual([{ roomId: 'g1', score: { winsA: 2, winsB: 0, draws: 0 } }]);
  });

  it('PR-20: after round time no new game starts; the score so far decides, level is a drawn match', () => {
    const { series, decided, rec, opened } = setup();
    series.callTime();
    series.gameEnded('g1', 'B', 'A');
    expect(rec.status).toBe('done');
    expect(rec.winner).toBe('B');
    expect(opened).toEqual([]);
    expect(decided).toEqual([{ roomId: 'g1', score: { winsA: 0, winsB: 1, draws: 0 } }]);
    const level = setup();
    level.series.callTime();
    level.series.gameEnded('g1', 'draw', 'A');
    expect(level.rec.winner).toBeNull();
    expect(level.decided).toEqual([{ roomId: 'g1', score: { winsA: 0, winsB: 0, draws: 1 } }]);
    // Called between two games: the window closes without a next game.
    const between = setup();
    between.series.gameEnded('g1', 'A', 'A');
    between.series.callTime();
    expect(between.rec.status).toBe('done');
    between.clock.advance(5_000);
    expect(between.opened).toEqual([]);
    expect(between.decided).toEqual([{ roomId: 'g1', score: { winsA: 1, winsB: 0, draws: 0 } }]);
  });

  it('PR-18: the loser of the previous game chooses; after a drawn game the same manager chooses again', () => {
    const { series, opened, rec } = setup();
    series.gameEnded('g1', 'B', 'A');
    expect(rec.between?.chooser).toBe('A');
    for (const s of ['A', 'B'] as const) {
      const r = series.sideboard('g1', s, { out: [], in: [] });
      if (r.ok) r.then();
    }
    expect(opened.at(-1)!.chooser).toBe('A');
    // Game 2 is drawn: A chose, A chooses again (PR-18), and the draw counts for neither (PR-19).
    series.gameEnded('g2', 'draw', 'A');
    expect(rec.status).toBe('between');
    expect(rec.between?.chooser).toBe('A');
    expect(series.wins()).toEqual({ A: 0, B: 1 });
  });

  it('PR-19: a drawn first game is replayed with its coin winner choosing again, and two wins still decide', () => {
    const { series, clock, opened, rec } = setup();
    series.gameEnded('g1', 'draw', 'B');
    expect(rec.between?.chooser).toBe('B');
    clock.advance(1_000);
    expect(opened).toHaveLength(1);
    series.gameEnded('g2', 'A', 'B');
    clock.advance(1_000);
    expect(opened.at(-1)!.chooser).toBe('B');
    series.gameEnded('g3', 'A', 'B');
    expect(rec).toMatchObject({ status: 'done', winner: 'A', between: null });
    expect(series.wins()).toEqual({ A: 2, B: 0 });
    expect(rec.games.map((g) => g.winner)).toEqual(['draw', 'A', 'A']);
  });

  it('PR-22: a swap is checked against the deck as it stands, counted for the others, made when the window closes', () => {
    const { series, clock, opened, rec } = setup();
    // A card of neither starter, so nothing B is told of its own deck can name it.
    const used = new Set(starterRosters.flatMap((r) => r.cards));
    const out = raid.cards.find((c) => c !== raid.centre && !mod.cards.includes(c))!;
    const inCard = Object.values(cardPool).find(
      (d) => !used.has(d.id) && !d.token && validateSwap(rec.current.A.roster, [d.id], { out: [out], in: [d.id] }, cardPool).length === 0,
    )!.id;
    rec.current.A.side = [inCard];
    series.gameEnded('g1', 'B', 'A');
    // Not a card of the side deck, the Centre, uneven: refused, nothing recorded.
    expect(series.sideboard('g1', 'A', { out: [out], in: [mod.centre] })).toMatchObject({ ok: false, code: 'illegal-swap' });
    expect(series.sideboard('g1', 'A', { out: [raid.centre], in: [inCard] })).toMatchObject({ ok: false, code: 'illegal-swap' });
    expect(series.sideboard('g1', 'A', { out: [out, out], in: [inCard] })).toMatchObject({ ok: false, code: 'illegal-swap' });
    expect(series.sideboard('g2', 'A', { out: [], in: [] })).toMatchObject({ ok: false, code: 'not-between-games' });
    expect(rec.between?.ready).toEqual([]);
    const r = series.sideboard('g1', 'A', { out: [out], in: [inCard] });
    expect(r).toMatchObject({ ok: true, swapped: 1 });
    if (r.ok) r.then();
    // The others see the count; only A's own state carries the cards.
    expect(series.stateFor('g1', 'B').between?.swapped).toEqual({ A: 1, B: null });
    expect(JSON.stringify(series.stateFor('g1', 'B'))).not.toContain(inCard);
    expect(JSON.stringify(series.stateFor('g1', null))).not.toContain(inCard);
    // B sends nothing: at the deadline B keeps the deck and the next game starts with A's swap made.
    clock.advance(999);
    expect(opened).toHaveLength(0);
    clock.advance(1);
    expect(opened).toHaveLength(1);
    expect(opened[0]!.seats.A.roster.cards).toContain(inCard);
    expect(opened[0]!.seats.A.side).toEqual([out]);
    expect(opened[0]!.seats.B.roster).toEqual(rec.registered.B.roster);
    expect(series.stateFor('g1', 'A')).toMatchObject({ nextRoomId: 'g2', status: 'playing', between: null });
  });

  it('a swap whose row cannot be written is taken back: the answer waits for the save, and the manager may send it again', async () => {
    const { series, rec } = setup(1_000, false, true);
    series.gameEnded('g1', 'A', 'A');
    const r = series.sideboard('g1', 'B', { out: [], in: [] });
    if (!r.ok) throw new Error('refused');
    await expect(r.saved).rejects.toThrow('the disk is full');
    expect(rec.between).toMatchObject({ ready: [], swaps: { A: null, B: null } });
    expect(series.sideboard('g1', 'B', { out: [], in: [] })).toMatchObject({ ok: true });
  });

  it('a next game that cannot open leaves the window as it was, logged, and the process running', () => {
    const { series, clock, rec, errors } = setup(1_000, true);
    series.gameEnded('g1', 'A', 'A');
    const r = series.sideboard('g1', 'A', { out: [], in: [] });
    expect(r.ok).toBe(true);
    clock.advance(1_000);
    expect(errors).toEqual(['best-of-three: the next game could not start']);
    expect(rec).toMatchObject({ status: 'between', games: [{ roomId: 'g1', winner: 'A' }] });
    expect(rec.between?.ready).toEqual(['A']);
  });

  it("runs its window under the lease of the game just ended, lets it go once the next game is named, and opens nothing once it is not its node's", () => {
    const { series, clock, opened, saved, settled, decided } = setup();
    series.gameEnded('g1', 'A', 'A');
    // The window runs under g1's lease: kept past g1's end.
    expect(settled).toEqual([]);
    clock.advance(1_000);
    expect(opened).toHaveLength(1);
    // Let go after the save that names game 2 (the lane keeps issue order: the row first, then the lease).
    expect(settled).toEqual(['g1']);
    expect(saved.at(-1)!.games.map((g) => g.roomId)).toEqual(['g1', 'g2']);
    // Game 2 ends with A's second win: decided, then g2's lease goes.
    series.gameEnded('g2', 'A', 'B');
    expect(settled).toEqual(['g1', 'g2']);
    expect(decided).toHaveLength(1);

    // Another node took the lease (this one paused): the window's timer opens nothing here.
    const paused = setup();
    paused.series.gameEnded('g1', 'B', 'A');
    paused.lease.ours = false;
    paused.clock.advance(1_000);
    expect(paused.opened).toEqual([]);
    // Halted (the lease lost): nothing more is saved.
    const n = paused.saved.length;
    paused.series.halt();
    paused.lease.ours = true;
    const r = paused.series.sideboard('g1', 'A', { out: [], in: [] });
    if (r.ok) r.then();
    expect(paused.saved).toHaveLength(n);
    expect(paused.opened).toEqual([]);
  });
});
