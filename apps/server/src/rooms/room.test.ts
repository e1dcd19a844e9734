/**
 * A room alone (no server, no socket): its match start is saved before the lease is asked for and before the
 * match's master exists; a start whose rows the store refuses leaves a match whose actions are refused by the
 * store too (nothing acked, nothing sent); a seat lost while the database is away ends nothing until the loss
 * is saved, and the room hears of the end only after the row is committed; with both managers away, the first
 * hold to run out waits on the other (rooms/seat-holds.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Ack } from '@vroyale/protocol';
import { StoreUnavailableError, type Store } from '../storage/store.js';
import { occupant, settle, storedSeq, storeWith, unitKit, type Kit } from '../../test/helpers/unit-kit.js';
import { Room } from './room.js';

let kit: Kit;
afterEach(() => kit?.close());

/** A waiting room whose store journals room saves and match starts (and may refuse the start). */
async function waitingRoom(opts: { cluster?: boolean; refuseStart?: boolean } = {}) {
  kit = await unitKit({ ownership: opts.cluster ? 'cluster' : undefined });
  const real = kit.store;
  const storage = storeWith(real, {
    saveRoom: (...a: Parameters<Store['saveRoom']>) => (kit.journal.push('save-room'), real.saveRoom(...a)),
    startMatch: async (...a: Parameters<Store['startMatch']>) => {
      kit.journal.push('start-match');
      if (opts.refuseStart) throw new Error('disk I/O error (test)');
      await real.startMatch(...a);
    },
  });
  const room = new Room(
    { ...kit.deps, storage },
    {
      id: 'r_unit',
      visibility: 'private',
      status: 'waiting',
      clock: { initialMs: 60_000, incrementMs: 0 },
      seats: { A: null, B: null },
      matchId: null,
      createdAt: kit.clock.now(),
    },
  );
  return room;
}

/** Both managers seated with a socket each; the match started. */
async function playing(opts: { cluster?: boolean; refuseStart?: boolean } = {}) {
  const room = await waitingRoom(opts);
  room.attach('sA', 'u_ann');
  room.attach('sB', 'u_bob');
  expect(room.takeSeat(occupant('ann'), 'A')).toEqual({ ok: true, seat: 'A' });
  expect(room.takeSeat(occupant('bob'), 'B')).toEqual({ ok: true, seat: 'B' });
  return { room, master: room.master! };
}

const events = (from: number) => kit.transport.sent.slice(from).map((s) => `${s.event} ${s.to.join(',')}`);

describe('a match start', () => {
  it('issues the match rows before the lease, the master and any view; the rows are committed when matchSaved settles', async () => {
    const { room, master } = await playing({ cluster: true });
    const start = kit.journal.indexOf('start-match');
    expect(kit.journal.slice(0, start + 2)).toEqual([
      'send room:state sA',
      'send room:state sB',
      'save-room',
      'save-room',
      'start-match',
      `acquire ${master.id}`,
    ]);
    expect(kit.journal.slice(start + 2)).toEqual(['send match:view sA', 'send match:view sB', 'send room:state sA', 'send room:state sB']);
    await room.matchSaved;
    expect(await kit.store.match(master.id)).toMatchObject({ status: 'active', roomId: 'r_unit' });
    expect(room.status).toBe('active');
  });

  it('whose rows are refused: matchSaved rejects (logged, not unhandled) and the match’s actions are refused too, nothing sent', async () => {
    const { room, master } = await playing({ refuseStart: true });
    await expect(room.matchSaved).rejects.toThrow(/disk I\/O/);
    await settle();
    expect(kit.logs.filter((l) => l.msg === 'saving a match start failed')).toHaveLength(1);
    const sent = kit.transport.sent.length;
    // The store itself refuses the row (no match row for it to belong to): answered, not acked.
    const ack = await new Promise<Ack<{ seq: number }>>(
      (resolve) => void master.submit('A', { roomId: room.roomId, clientActionId: 'k', seenSeq: 0, action: { type: 'mulligan', redraw: false } }, resolve),
    );
    expect(ack).toMatchObject({ ok: false, code: 'internal' });
    expect(master.seq).toBe(0);
    expect(storedSeq(kit.store, master.id)).toBe(0);
    expect(kit.transport.sent.length).toBe(sent);
    expect(kit.journal.slice(-2)).toEqual(['append 1', 'failed 1']);
  });
});

describe('a seat lost while the database is away', () => {
  it('ends nothing until the loss is saved; the room is told after the views of the committed end', async () => {
    const { room, master } = await playing();
    await room.matchSaved;
    room.detach('sA');
    const from = kit.transport.sent.length;
    kit.journal.length = 0;
    kit.writer.failNext(new StoreUnavailableError(new Error('ECONNREFUSED')));
    kit.clock.advance(kit.deps.config.seatHoldMs);
    await settle();
    expect(kit.journal).toEqual(['append 1', 'failed 1']);
    expect(room.status).toBe('active');
    expect(master.matchResult).toBeNull();
    expect(events(from)).toEqual([]);
    // The master tries again a second later; this time the row is committed, then the views, then the room.
    kit.clock.advance(1_000);
    await settle();
    expect(kit.journal).toEqual(['append 1', 'failed 1', 'append 1', 'commit 1', 'send match:view sB', 'send room:state sB']);
    expect(room.status).toBe('finished');
    expect(room.stateFor('B').result).toEqual({ winner: 'B', reason: 'abandoned' });
    expect(await kit.store.match(master.id)).toMatchObject({ status: 'finished', result: { winner: 'B', reason: 'abandoned' } });
  });
});

describe('seat holds', () => {
  it('both managers away: the first hold to run out waits on the other; both out is a draw, saved before the room finishes', async () => {
    const { room, master } = await playing();
    await room.matchSaved;
    room.detach('sA');
    kit.clock.advance(1_000);
    room.detach('sB');
    kit.journal.length = 0;
    kit.clock.advance(kit.deps.config.seatHoldMs - 1_000);
    await settle();
    // A's hold ran out with B away too: nobody loses yet.
    expect(kit.journal).toEqual([]);
    expect(room.status).toBe('active');
    kit.clock.advance(1_000);
    await settle();
    expect(room.status).toBe('finished');
    expect(master.matchResult).toEqual({ winner: 'draw', reason: 'abandoned' });
    expect(await kit.store.match(master.id)).toMatchObject({ status: 'finished', result: { winner: 'draw', reason: 'abandoned' } });
  });

  it('the other manager coming back after the first hold ran out: the seat that left loses then', async () => {
    const { room, master } = await playing();
    await room.matchSaved;
    room.detach('sA');
    kit.clock.advance(1_000);
    room.detach('sB');
    kit.clock.advance(kit.deps.config.seatHoldMs - 1_000);
    await settle();
    expect(room.status).toBe('active');
    kit.journal.length = 0;
    room.attach('sB2', 'u_bob');
    await settle();
    expect(kit.journal.filter((j) => !j.startsWith('send'))).toEqual(['append 1', 'commit 1']);
    expect(master.matchResult).toEqual({ winner: 'B', reason: 'abandoned' });
    expect(room.status).toBe('finished');
  });
});
