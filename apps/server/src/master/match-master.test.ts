/**
 * The master's save path, alone (no server, no socket): a real in-memory SQLite store behind an action log the
 * test can hold or fail, the manual clock, a transport that records every send. What only end-to-end tests
 * held before: the row is committed before anything in memory changes; the ack goes before the views; each
 * kind of failed save (refused row, database unreachable, fenced, log ahead) leaves the state and seq as they
 * were, tells the client a clear code, sends nothing, and the same client id applies once saving works.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Ack, ActionPayload } from '@vroyale/protocol';
import { FencedError, LogAheadError, StoreUnavailableError, type Store } from '../storage/store.js';
import { FakeRoom, RecordingOwnership, settle, startedMatch, storedSeq, storeWith, unitKit, type Kit } from '../../test/helpers/unit-kit.js';
import { MatchMaster } from './match-master.js';

let kit: Kit;
afterEach(() => kit?.close());

async function setup(opts: { cluster?: boolean; storage?: (real: Store) => Store; botB?: boolean } = {}) {
  kit = await unitKit({ ownership: opts.cluster ? 'cluster' : undefined });
  const { match, state } = await startedMatch(kit, { botB: opts.botB });
  const room = new FakeRoom(match.roomId, { initialMs: 60_000, incrementMs: 0 }, kit.journal);
  const deps = opts.storage ? { ...kit.deps, storage: opts.storage(kit.store) } : kit.deps;
  const master = new MatchMaster(deps, room, match, state, new Map());
  const snapshot = () => ({ seq: master.seq, hash: master.stateHash, result: master.matchResult, viewA: master.fullView('A').view });
  return { master, match, room, snapshot };
}

const mulligan = (roomId: string, clientActionId: string, seenSeq = 0): ActionPayload => ({
  roomId,
  clientActionId,
  seenSeq,
  action: { type: 'mulligan', redraw: false },
});

/** Submits and journals the ack when it is given (`ack 3` or `ack <code>`). */
function submit(master: MatchMaster, seat: 'A' | 'B', p: ActionPayload): Promise<Ack<{ seq: number }>> {
  return new Promise(
    (resolve) =>
      void master.submit(seat, p, (ack) => {
        kit.journal.push(`ack ${ack.ok ? ack.seq : ack.code}`);
        resolve(ack);
      }),
  );
}

describe('the save path', () => {
  it('commits the row before anything in memory changes, then acks, then sends each viewer its view', async () => {
    const { master, match, snapshot } = await setup();
    const before = snapshot();
    const release = kit.writer.hold();
    let atAck: { seq: number; stored: number } | null = null;
    const done = master.submit('A', mulligan(match.roomId, 'keep'), (ack) => {
      kit.journal.push(`ack ${ack.ok ? ack.seq : ack.code}`);
      atAck = { seq: master.seq, stored: storedSeq(kit.store, match.id) };
    });
    await settle();
    // The engine has stepped and the row is on its way; nothing else has happened.
    expect(kit.journal).toEqual(['append 1']);
    expect(snapshot()).toEqual(before);
    expect(kit.transport.sent).toEqual([]);
    release();
    await done;
    expect(kit.journal).toEqual(['append 1', 'commit 1', 'ack 1', 'send match:view sA', 'send match:view sB', 'send match:view sS']);
    // At the ack the row was in the database and the state was the new one.
    expect(atAck).toEqual({ seq: 1, stored: 1 });
    expect(kit.transport.of('match:view').map((s) => (s.payload as { seq: number }).seq)).toEqual([1, 1, 1]);
  });

  it('answers a duplicate client id with its first ack: no second row, nothing sent', async () => {
    const { master, match } = await setup();
    expect(await submit(master, 'A', mulligan(match.roomId, 'once'))).toEqual({ ok: true, seq: 1 });
    const sent = kit.transport.sent.length;
    kit.journal.length = 0;
    expect(await submit(master, 'A', mulligan(match.roomId, 'once'))).toEqual({ ok: true, seq: 1 });
    expect(kit.journal).toEqual(['ack 1']);
    expect(kit.transport.sent.length).toBe(sent);
    expect(storedSeq(kit.store, match.id)).toBe(1);
  });

  const failures = [
    { kind: 'a refused row', cluster: false, error: () => new Error('SQLITE_CONSTRAINT (test)'), code: 'internal', after: [] as string[] },
    {
      kind: 'the database unreachable',
      cluster: true,
      error: () => new StoreUnavailableError(new Error('ECONNREFUSED')),
      code: 'unavailable',
      after: ['give-back'],
    },
    { kind: 'a fenced append', cluster: true, error: (id: string) => new FencedError(id), code: 'moved', after: ['lost'] },
    { kind: 'the log ahead (single node)', cluster: false, error: (id: string) => new LogAheadError(id), code: 'shutting-down', after: [] },
    { kind: 'the log ahead (cluster)', cluster: true, error: (id: string) => new LogAheadError(id), code: 'shutting-down', after: ['give-back'] },
  ];

  it.each(failures)('$kind: answered $code, the match as it was, nothing sent; the same id applies once saving works', async (f) => {
    const { master, match, room, snapshot } = await setup({ cluster: f.cluster });
    const before = snapshot();
    kit.writer.failNext(f.error(match.id));
    const ack = await submit(master, 'A', mulligan(match.roomId, 'retry-me'));
    expect(ack).toMatchObject({ ok: false, code: f.code });
    expect(ack.ok || ack.message.length > 10).toBe(true);
    expect(snapshot()).toEqual(before);
    expect(kit.transport.sent).toEqual([]);
    expect(storedSeq(kit.store, match.id)).toBe(0);
    expect(room.progressed + room.ended.length).toBe(0);
    // What the lease holder (cluster) or the game server (single node) was told, and nothing else.
    expect(kit.journal).toEqual(['append 1', 'failed 1', ...f.after.map((a) => `${a} ${match.id}`), `ack ${f.code}`]);
    expect(kit.rebuilt).toEqual(f.kind === 'the log ahead (single node)' ? [match.id] : []);
    // Not recorded as seen: the resend is applied (once), not answered as a duplicate of a failure.
    expect(await submit(master, 'A', mulligan(match.roomId, 'retry-me'))).toEqual({ ok: true, seq: 1 });
    expect(await submit(master, 'A', mulligan(match.roomId, 'retry-me'))).toEqual({ ok: true, seq: 1 });
    expect(storedSeq(kit.store, match.id)).toBe(1);
  });

  it('a concession whose row fails ends nothing: no result, no end told to the room, no views', async () => {
    const { master, match, room } = await setup();
    kit.writer.failNext(new StoreUnavailableError(new Error('connection terminated')));
    const ack = await submit(master, 'B', { roomId: match.roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    expect(ack).toMatchObject({ ok: false, code: 'unavailable' });
    expect(master.matchResult).toBeNull();
    expect(room.ended).toEqual([]);
    expect(kit.transport.sent).toEqual([]);
    expect(await kit.store.match(match.id)).toMatchObject({ status: 'active', result: null });
  });

  it('a node past its lease (self-fenced) writes nothing and answers moved', async () => {
    const { master, match, snapshot } = await setup({ cluster: true });
    (kit.deps.ownership as RecordingOwnership).writable = false;
    const before = snapshot();
    expect(await submit(master, 'A', mulligan(match.roomId, 'late'))).toMatchObject({ ok: false, code: 'moved' });
    expect(kit.journal).toEqual(['ack moved']);
    expect(snapshot()).toEqual(before);
    expect(kit.transport.sent).toEqual([]);
  });
});

describe('server actions whose save fails', () => {
  it('an abandoned seat whose concession cannot be saved changes nothing, and is tried again a second later', async () => {
    const { master, match, room, snapshot } = await setup();
    const before = snapshot();
    kit.writer.failNext(new StoreUnavailableError(new Error('ECONNRESET')));
    await master.serverConcede('A', 'abandoned');
    expect(snapshot()).toEqual(before);
    expect(room.ended).toEqual([]);
    expect(kit.transport.sent).toEqual([]);
    kit.clock.advance(999);
    await settle();
    expect(kit.journal).toEqual(['append 1', 'failed 1']);
    kit.clock.advance(1);
    await settle();
    expect(kit.journal).toEqual(['append 1', 'failed 1', 'append 1', 'commit 1', 'send match:view sA', 'send match:view sB', 'send match:view sS', 'ended B']);
    expect(room.ended).toEqual([{ winner: 'B', reason: 'abandoned' }]);
    expect(await kit.store.match(match.id)).toMatchObject({ status: 'finished', result: { winner: 'B', reason: 'abandoned' } });
  });

  it('a fenced server action is not tried again (the match is another node’s now)', async () => {
    const { master, match, room } = await setup({ cluster: true });
    kit.writer.failNext(new FencedError(match.id));
    await master.serverConcede('A', 'time');
    kit.clock.advance(5_000);
    await settle();
    expect(kit.journal).toEqual(['append 1', 'failed 1', `lost ${match.id}`]);
    expect(room.ended).toEqual([]);
  });

  it('a draw is saved before the match ends in memory; a failed save changes nothing and is tried again', async () => {
    let failing = true;
    let release: (() => void) | null = null;
    const { master, match, room, snapshot } = await setup({
      storage: (real) =>
        storeWith(real, {
          endMatch: async (...a: Parameters<Store['endMatch']>) => {
            kit.journal.push('end-match');
            if (failing) throw new Error('disk I/O error (test)');
            await new Promise<void>((r) => (release = r));
            await real.endMatch(...a);
            kit.journal.push('end-match saved');
          },
        }),
    });
    const before = snapshot();
    await master.serverDraw('abandoned');
    expect(snapshot()).toEqual(before);
    expect(kit.transport.sent).toEqual([]);
    failing = false;
    kit.clock.advance(1_000);
    await settle();
    // Saving: still nothing in memory, nothing sent.
    expect(kit.journal).toEqual(['end-match', 'end-match']);
    expect(master.matchResult).toBeNull();
    expect(kit.transport.sent).toEqual([]);
    release!();
    await settle();
    expect(kit.journal).toEqual(['end-match', 'end-match', 'end-match saved', 'send match:view sA', 'send match:view sB', 'send match:view sS', 'ended draw']);
    expect(master.matchResult).toEqual({ winner: 'draw', reason: 'abandoned' });
    expect(room.ended).toEqual([{ winner: 'draw', reason: 'abandoned' }]);
    expect(await kit.store.match(match.id)).toMatchObject({ status: 'finished' });
  });

  it('a bot move whose row fails is decided again a second later, then saved once', async () => {
    const { master, match } = await setup({ botB: true });
    kit.writer.failNext(new StoreUnavailableError(new Error('ECONNREFUSED')));
    kit.clock.advance(kit.deps.config.botDelayMs);
    await settle(10);
    expect(kit.journal).toEqual(['append 1', 'failed 1']);
    expect(master.seq).toBe(0);
    expect(kit.transport.sent).toEqual([]);
    kit.clock.advance(1_000);
    await settle(10);
    expect(kit.journal.slice(0, 4)).toEqual(['append 1', 'failed 1', 'append 1', 'commit 1']);
    expect(master.seq).toBe(1);
    expect(storedSeq(kit.store, match.id)).toBe(1);
  });
});
