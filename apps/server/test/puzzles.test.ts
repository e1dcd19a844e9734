/**
 * The puzzle page's events over real sockets (issue 35 §2): the daily puzzle solved by its main line (rated once:
 * its replay is not), a wrong first move failing, an illegal one refused with nothing changed, the solution
 * (a failure when asked first), and no message to the player ever naming the opponent's hidden cards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ack, PuzzleState } from '@vroyale/protocol';
import { other, REJECT_CODES, step, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import { solve } from '@vroyale/puzzles';
import { shippedPuzzles } from '../src/puzzles/puzzle-set.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

/** Everything the client got: events and acks, as JSON. */
function recorder(c: TestClient) {
  const acks: unknown[] = [];
  const emit = async <T>(p: Promise<Ack<T & object>>) => {
    const a = await p;
    acks.push(a);
    return a;
  };
  const text = () => JSON.stringify([c.received, acks]);
  return { emit, text };
}

function ok<T extends object>(a: Ack<T>): T {
  if (!a.ok) throw new Error(`${a.code}: ${a.message}`);
  return a;
}

/** The opponent's cards the player never saw: still in hand or roster at the end of the line (ids). */
function hiddenIds(start: GameState, end: GameState, mover: ManagerId): string[] {
  const o = other(mover);
  const was = [...start.managers[o].hand, ...start.managers[o].roster];
  const still = new Set([...end.managers[o].hand, ...end.managers[o].roster]);
  return was.filter((id) => still.has(id));
}

/** Plays the main line's moves for the mover; the server answers the opponent's. */
async function playLine(c: TestClient, emit: ReturnType<typeof recorder>['emit'], first: PuzzleState): Promise<PuzzleState> {
  const shipped = shippedPuzzles().byId.get(first.puzzleId)!;
  let st = first;
  for (const a of shipped.line) {
    if (a.manager !== st.toMove) continue;
    expect(st.status).toBe('continue');
    const { manager: _m, ...action } = a;
    st = ok(await emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq, action: action as Action })));
  }
  return st;
}

describe('puzzles over sockets', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    await t.close();
  });

  it('solves the daily puzzle by its main line: solved, rated once (its replay is not), streak 1; the opponent hidden', async () => {
    const c = await TestClient.connect(t.url, 'Solver');
    const r = recorder(c);
    const st = ok(await r.emit(c.emit('puzzle:daily', {})));
    expect(st.daily).toBe(true);
    expect(st.status).toBe('continue');
    expect(st.player).toMatchObject({ rating: 1500, streak: 0 });
    expect(st.frame.view.managers[other(st.toMove)].hand).toBeNull();
    expect(st.frame.legal.length).toBeGreaterThan(0);
    const shipped = shippedPuzzles().byId.get(st.puzzleId)!;

    const hint = ok(await r.emit(c.emit('puzzle:hint', { puzzleId: st.puzzleId })));
    expect(hint.hint.type).toBe(shipped.line[0]!.type);

    const end = await playLine(c, r.emit, st);
    expect(end.status).toBe('solved');
    expect(end.ratingChange).toBeGreaterThan(0);
    expect(end.player.rating).toBe(1500 + end.ratingChange!);
    expect(end.player.streak).toBe(1);
    expect(end.rating).toBeLessThan(shipped.puzzle.rating);

    // Again: a replay, solved, not rated; the streak goes on.
    const again = ok(await r.emit(c.emit('puzzle:daily', {})));
    expect(again).toMatchObject({ puzzleId: st.puzzleId, status: 'continue', replay: true });
    const end2 = await playLine(c, r.emit, again);
    expect(end2).toMatchObject({ status: 'solved', ratingChange: null, rating: end.rating });
    expect(end2.player).toMatchObject({ rating: end.player.rating, streak: 2 });

    const sol = ok(await r.emit(c.emit('puzzle:solution', { puzzleId: st.puzzleId })));
    expect(sol.frames).toHaveLength(shipped.line.length + 1);
    expect(sol.state.player.streak).toBe(2);

    let s = shipped.start;
    for (const f of sol.frames) expect(f.view.managers[other(st.toMove)].hand).toBeNull();
    for (const a of shipped.line) {
      const next = step(s, a);
      if (next.ok) s = next.state;
    }
    const hidden = hiddenIds(shipped.start, s, st.toMove);
    expect(hidden.length).toBeGreaterThan(0);
    const all = r.text();
    for (const id of hidden) expect(all).not.toContain(`"${id}"`);
    c.close();
  });

  it('a wrong first move fails the puzzle at once, rates it down and resets the streak; nothing more is accepted', async () => {
    const c = await TestClient.connect(t.url, 'Wrong');
    const r = recorder(c);
    const st = ok(await r.emit(c.emit('puzzle:next', {})));
    const shipped = shippedPuzzles().byId.get(st.puzzleId)!;
    const wrong = solve(shipped.start, shipped.puzzle.goal, shipped.puzzle.toMove, { budget: shipped.puzzle.solution.nodes * 4 }).firstMoves.find(
      (f) => f.verdict === 'fail',
    )!;
    const { manager: _m, ...action } = wrong.action;
    const end = ok(await r.emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq, action: action as Action })));
    expect(end.status).toBe('failed');
    expect(end.ratingChange).toBeLessThan(0);
    expect(end.player.streak).toBe(0);
    expect(end.frame.legal).toEqual([]);
    const after = await r.emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: end.frame.seq, action: { type: 'pass' } }));
    expect(after).toMatchObject({ ok: false, code: 'puzzle-over' });
    // Next: another puzzle, never the one just failed.
    const next = ok(await r.emit(c.emit('puzzle:next', {})));
    expect(next.puzzleId).not.toBe(st.puzzleId);
    c.close();
  });

  it('an illegal move is refused with the engine’s reason and changes nothing; the solution asked first is a failure', async () => {
    const c = await TestClient.connect(t.url, 'Illegal');
    const r = recorder(c);
    const st = ok(await r.emit(c.emit('puzzle:next', {})));
    const bad = await r.emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq, action: { type: 'play', card: 'no-such-card', targets: [] } }));
    expect(bad.ok).toBe(false);
    // The engine's reason (a survive puzzle starts at a block declaration: wrong-phase; else unknown-card).
    if (!bad.ok) expect(REJECT_CODES).toContain(bad.code);
    const wrongSeat = await r.emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq, action: { type: 'pass', manager: other(st.toMove) } }));
    expect(wrongSeat).toMatchObject({ ok: false, code: 'wrong-seat' });
    const stale = await r.emit(c.emit('puzzle:move', { puzzleId: st.puzzleId, seq: st.frame.seq + 5, action: { type: 'pass' } }));
    expect(stale).toMatchObject({ ok: false, code: 'stale' });
    const elsewhere = await r.emit(c.emit('puzzle:hint', { puzzleId: 'win-0000000000' }));
    expect(elsewhere).toMatchObject({ ok: false, code: 'puzzle-not-found' });
    // Nothing changed: the main line still solves it from the same position.
    const sol = ok(await r.emit(c.emit('puzzle:solution', { puzzleId: st.puzzleId })));
    expect(sol.state.status).toBe('failed');
    expect(sol.state.ratingChange).toBeLessThan(0);
    expect(sol.frames[0]!.seq).toBe(st.frame.seq);
    expect(JSON.stringify(sol.frames[0]!.view)).toBe(JSON.stringify(st.frame.view));
    c.close();
  });
});
