/**
 * An action and the automatic answers it sets off are one unit (master/action-unit.ts): one commit of several
 * rows, one ack, one view per kind of viewer (all spectators' sockets in one send), and a failed save of the
 * unit changes nothing. B has the default stops (the server passes for B wherever B has none); A is asked
 * everything. Built with the unit kit: no server, no socket.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { makeRng, realise, type Legal, type ManagerId } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS, type Ack, type ActionPayload, type ViewMessage } from '@vroyale/protocol';
import { FencedError, LogAheadError, StoreUnavailableError } from '../storage/store.js';
import { FakeRoom, settle, startedMatch, storedSeq, unitKit, type Kit } from '../../test/helpers/unit-kit.js';
import { MatchMaster } from './match-master.js';

let kit: Kit;
afterEach(() => kit?.close());

const SPECTATORS = ['s1', 's2', 's3'];

async function setup(opts: { cluster?: boolean } = {}) {
  kit = await unitKit({ ownership: opts.cluster ? 'cluster' : undefined });
  const { match, state } = await startedMatch(kit);
  const room = new FakeRoom(match.roomId, { initialMs: 60_000, incrementMs: 2_000 }, kit.journal, [
    { socketId: 'sA', viewer: 'A' },
    { socketId: 'sB', viewer: 'B' },
    ...SPECTATORS.map((socketId) => ({ socketId, viewer: 'spectator' as const })),
  ]);
  const deps = { ...kit.deps, stopsOf: (id: string) => (id === 'u_bob' ? DEFAULT_STOP_SETTINGS : { ...DEFAULT_STOP_SETTINGS, fullControl: true }) };
  const master = new MatchMaster(deps, room, match, state, new Map());
  const snapshot = () => {
    const a = master.fullView('A');
    return { seq: master.seq, hash: master.stateHash, result: master.matchResult, view: a.view, legal: a.legal, clocks: a.clocks, progress: master.progress };
  };
  return { master, match, room, snapshot };
}

function submit(master: MatchMaster, seat: ManagerId, p: ActionPayload): Promise<Ack<{ seq: number }>> {
  return new Promise(
    (resolve) =>
      void master.submit(seat, p, (ack) => {
        kit.journal.push(`ack ${ack.ok ? ack.seq : ack.code}`);
        resolve(ack);
      }),
  );
}

const rnd = makeRng('unit-test');
/** The next action of a seat the match waits on (a pass where there is one: it sets off B's automatic passes). */
function choose(master: MatchMaster, seat: ManagerId, roomId: string, id: string): ActionPayload | null {
  const v = master.fullView(seat);
  const useful = v.legal.filter((a: Legal) => a.type !== 'concede' && a.type !== 'tilt-star');
  if (useful.length === 0) return null;
  const pick = useful.find((a) => a.type === 'pass') ?? useful[0]!;
  return { roomId, clientActionId: id, seenSeq: v.seq, action: realise(pick, rnd) };
}

/**
 * Plays until one of A's actions sets off automatic answers for B (a unit of more than one row); `beforeA` runs
 * before each of A's actions (a failing save is set up there). Returns that unit's first and last seq.
 */
async function playUntilUnit(master: MatchMaster, roomId: string, beforeA?: (p: ActionPayload) => Promise<void>): Promise<{ first: number; last: number }> {
  for (let n = 0; n < 300; n++) {
    const seat = master.fullView('A').legal.length > 0 ? 'A' : 'B';
    const p = choose(master, seat, roomId, `${seat}-${n}`);
    if (!p) throw new Error(`nobody to act at seq ${master.seq}`);
    if (seat === 'A' && beforeA) await beforeA(p);
    const units = kit.writer.units.length;
    kit.journal.length = 0;
    kit.transport.sent.length = 0;
    const ack = await submit(master, seat, p);
    if (!ack.ok) throw new Error(`${seat} refused: ${ack.code} ${ack.message}`);
    const unit = kit.writer.units.at(-1)!;
    if (seat === 'A' && kit.writer.units.length === units + 1 && unit.length > 1) return { first: unit[0]!.seq, last: unit.at(-1)!.seq };
  }
  throw new Error('no automatic answer in 300 actions');
}

describe('an action and the automatic answers it sets off', () => {
  it('are one commit of several rows, one ack, one view per kind of viewer (spectators share one message)', async () => {
    const { master, match } = await setup();
    const { first, last } = await playUntilUnit(master, match.roomId);
    const seqs = Array.from({ length: last - first + 1 }, (_, i) => first + i).join('+');
    expect(kit.journal).toEqual([
      `append ${seqs}`,
      `commit ${seqs}`,
      `ack ${first}`,
      'send match:view sA',
      'send match:view sB',
      `send match:view ${SPECTATORS.join(',')}`,
    ]);
    const rows = kit.writer.units.at(-1)!;
    expect(rows.map((r) => r.origin)).toEqual(['player', ...rows.slice(1).map(() => 'auto-pass')]);
    expect(rows.slice(1).every((r) => r.actor === 'B' && r.clientActionId === null)).toBe(true);
    // Every action is its own row of the log; the match stands at the unit's last.
    expect(storedSeq(kit.store, match.id)).toBe(last);
    expect(master.seq).toBe(last);
    const views = kit.transport.of('match:view').map((s) => s.payload as ViewMessage);
    expect(views.map((v) => [v.viewer, v.seq])).toEqual([
      ['A', last],
      ['B', last],
      ['spectator', last],
    ]);
    // B's passes are in the one view everyone got.
    expect(views[2]!.events.filter((e) => e.t === 'pass' && (e as { manager?: string }).manager === 'B').length).toBeGreaterThanOrEqual(rows.length - 1);
  });

  it('give each row the clocks of the old one-change-at-a-time path: A earns the increment, B’s passes earn nothing', async () => {
    const { master, match } = await setup();
    // Time passes before every action of A, so A's clock runs and the increment shows.
    const { first } = await playUntilUnit(master, match.roomId, async () => void kit.clock.advance(3_000));
    const rows = kit.writer.units.at(-1)!;
    expect(rows[0]!.seq).toBe(first);
    // The clocks after A's pass: A charged the 3 s and credited the increment; B's automatic passes charge and earn nothing.
    const afterA = rows[0]!.clocks;
    for (const r of rows.slice(1)) expect(r.clocks.B).toBe(afterA.B);
    expect(rows.at(-1)!.clocks.A).toBe(afterA.A);
    const stored = await kit.store.match(match.id);
    expect(stored!.clocks).toEqual(rows.at(-1)!.clocks);
  });

  const failures = [
    { kind: 'a refused row', cluster: false, error: () => new Error('SQLITE_CONSTRAINT (test)'), code: 'internal' },
    { kind: 'the database unreachable', cluster: true, error: () => new StoreUnavailableError(new Error('ECONNREFUSED')), code: 'unavailable' },
    { kind: 'a fenced append', cluster: true, error: (id: string) => new FencedError(id), code: 'moved' },
    { kind: 'the log ahead', cluster: false, error: (id: string) => new LogAheadError(id), code: 'shutting-down' },
  ];

  it.each(failures)('whose save fails ($kind) change nothing: no row, no view, the clocks and seq as they were', async (f) => {
    const { master, match, snapshot } = await setup({ cluster: f.cluster });
    let failed: { before: ReturnType<typeof snapshot>; stored: number; journal: string[] } | null = null;
    // Each of A's actions is first refused a save, checked, then sent again; the one that made a unit is checked below.
    const { first, last } = await playUntilUnit(master, match.roomId, async (p) => {
      kit.clock.advance(1_000);
      const before = snapshot();
      const stored = storedSeq(kit.store, match.id);
      kit.journal.length = 0;
      kit.transport.sent.length = 0;
      kit.writer.failNext(f.error(match.id));
      expect(await submit(master, 'A', p)).toMatchObject({ ok: false, code: f.code });
      expect(snapshot()).toEqual(before);
      expect(storedSeq(kit.store, match.id)).toBe(stored);
      expect(kit.transport.sent).toEqual([]);
      failed = { before, stored, journal: [...kit.journal] };
    });
    const seqs = Array.from({ length: last - first + 1 }, (_, i) => first + i).join('+');
    // The failed try was the same multi-row unit, and it left nothing.
    expect(failed!.journal.slice(0, 2)).toEqual([`append ${seqs}`, `failed ${seqs}`]);
    expect(failed!.stored).toBe(first - 1);
    expect(storedSeq(kit.store, match.id)).toBe(last);
    await settle();
  });
});
