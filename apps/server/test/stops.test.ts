/**
 * Stops over real sockets (docs/auto-pass.md), with the server's time frozen (ManualClock): every pass the
 * server makes for a manager comes without any time passing, i.e. at once.
 * - A manager is waited on exactly where a stop of theirs applies; everywhere else the server passes (or
 *   declares nothing) for them, and never for mulligans, the turn order, discards or choices.
 * - Full control asks everywhere; one-shots pass priority windows until they end; a cancelled one does not.
 * - Nothing the opponent or a spectator receives carries the settings or says a pass was automatic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockProblems, isOffer, makeRng, type GameView, type Legal, type ManagerId } from '@vroyale/engine';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type StopSettings, type ViewMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { pickRandom, TestClient } from './helpers/test-client.js';
import { twoManagers } from './helpers/match-setup.js';
import { ManualClock } from '../src/time/manual-clock.js';
import type { MatchMaster } from '../src/master/match-master.js';
import { until } from './helpers/until.js';

const clock = new ManualClock();
let t: TestServer;
beforeAll(async () => {
  // Fixed match seeds: every run deals the same matches, so the counts below are facts, not luck.
  t = await startTestServer({ rateLimit: { capacity: 100_000, refillPerSec: 1 }, matchSeed: 'stops-test' }, clock);
});
afterAll(async () => {
  await t.close();
});

const NO_STOPS: StopSettings = {
  own: Object.fromEntries(OWN_TURN_WINDOWS.map((w) => [w, false])) as StopSettings['own'],
  opponent: Object.fromEntries(OPPONENT_TURN_WINDOWS.map((w) => [w, false])) as StopSettings['opponent'],
  opponentStack: false,
  fullControl: false,
};
const FULL: StopSettings = { ...DEFAULT_STOP_SETTINGS, fullControl: true };

interface Match {
  a: TestClient;
  b: TestClient;
  roomId: string;
  master: MatchMaster;
}

async function setUp(stopsA: StopSettings, stopsB: StopSettings): Promise<Match> {
  const { a, b, roomId } = await twoManagers(t.url);
  expect(await a.emit('settings', { stops: stopsA })).toEqual({ ok: true, stops: stopsA });
  expect(await b.emit('settings', { stops: stopsB })).toEqual({ ok: true, stops: stopsB });
  return { a, b, roomId, master: t.server.game.room(roomId)!.master! };
}

/** Waits until the match stands still: nothing queued, both clients on the master's seq. */
async function settled(m: Match): Promise<ViewMessage> {
  await until(() => m.master.queued === 0 && m.a.view(m.roomId)?.seq === m.master.seq && m.b.view(m.roomId)?.seq === m.master.seq, 'the match to settle');
  return m.a.view(m.roomId)!;
}

/** One random legal action of a manager the match waits on; returns its type ('over' once the match is). */
async function play(m: Match, seat: ManagerId, rnd: () => number): Promise<string> {
  const c = seat === 'A' ? m.a : m.b;
  const v = c.view(m.roomId)!;
  if (v.result) return 'over';
  if (v.legal.length === 0)
    throw new Error(`${seat} has nothing to do at seq ${v.seq} (${v.view.phase}, deciders ${v.deciders.join()}, result ${JSON.stringify(v.result)})`);
  const action = pickRandom(v.legal, rnd);
  const ack = await c.emit('match:action', { roomId: m.roomId, clientActionId: `${c.instance}-${v.seq}-${Math.floor(rnd() * 1e9)}`, seenSeq: v.seq, action });
  if (!ack.ok) throw new Error(`${seat} ${action.type}: ${ack.code} ${ack.message}`);
  return action.type;
}

/** How each automatic action came about, from the server's log (the clients are never told). */
async function automatic(m: Match, seat: ManagerId): Promise<string[]> {
  return (await t.server.storage.actions(m.master.id))
    .filter((r) => r.origin === 'auto-pass' && r.actor === seat)
    .map((r) => (r.action as { type: string }).type);
}

const priorityWindow = (v: GameView, seat: ManagerId) => v.priority === seat && !v.pending;

/** The defaults, written out independently of the server's code: where a manager with them is asked. */
function defaultStopApplies(v: GameView, seat: ManagerId): boolean {
  const own = v.active === seat;
  const top = v.stack[v.stack.length - 1];
  if (v.priority === seat && top && top.controller !== seat) return true;
  if (v.priority === seat && top) return false; // one's own item on top: passed, it resolves
  if (v.phase === 'resource') return own && !v.starPlaced && v.managers[seat].handCount > 0;
  if (v.phase === 'main' || v.phase === 'combat-attack') return own;
  if (v.phase === 'combat-attack-window' || v.phase === 'combat-block') return !own;
  return false;
}

const neverAutomatic = (v: GameView) => v.pending !== null || v.phase === 'mulligan' || v.phase === 'turn-order';
const SECRET_WORDS = /stops|fullControl|opponentStack|pass-until|my-turn|something-happens|auto/i;

/** Whether the block offer in this listing refuses declaring no blocks (Callout or a Moderator demands some). */
function emptyBlocksRefused(legal: readonly Legal[]): boolean {
  const offer = legal.find(isOffer);
  return offer?.type === 'choose-blocks' && blockProblems(offer, []).length > 0;
}

describe('stops', () => {
  it('waits on a manager exactly where their stops apply, answers at once elsewhere, and tells nobody', async () => {
    // B stops as A does, except that B never stops to declare: B's attacks and blocks are declared empty.
    const noDeclarations: StopSettings = {
      ...DEFAULT_STOP_SETTINGS,
      own: { ...DEFAULT_STOP_SETTINGS.own, 'declare-attackers': false },
      opponent: { ...DEFAULT_STOP_SETTINGS.opponent, 'declare-blocks': false },
    };
    const m = await setUp(DEFAULT_STOP_SETTINGS, noDeclarations);
    const spec = await TestClient.connect(t.url, 'Watcher');
    await spec.emit('room:spectate', { roomId: m.roomId });
    const rnd = makeRng('stops-defaults');
    const asked = { A: 0, B: 0 };
    // The clock is never advanced: every automatic answer below comes without any time passing.
    for (let i = 0; i < 600 && !m.master.matchResult; i++) {
      const v = await settled(m);
      if (v.result) break;
      const seat = v.deciders[0]!;
      const msg = (seat === 'A' ? m.a : m.b).view(m.roomId)!;
      const mine = msg.view;
      if (!neverAutomatic(mine)) {
        const declaration = seat === 'B' && (mine.phase === 'combat-attack' || mine.phase === 'combat-block');
        if (!declaration) expect(defaultStopApplies(mine, seat), `${seat} waited on in ${mine.phase}`).toBe(true);
        // B is asked to declare only where declaring nothing is illegal (Callout, Moderator).
        else expect(mine.phase === 'combat-block' && emptyBlocksRefused(msg.legal), `B waited on in ${mine.phase}`).toBe(true);
      }
      asked[seat]++;
      await play(m, seat, rnd);
    }
    const autoA = await automatic(m, 'A');
    const autoB = await automatic(m, 'B');
    expect(asked.A).toBeGreaterThan(30);
    expect(asked.B).toBeGreaterThan(30);
    expect(autoA.filter((x) => x === 'pass').length).toBeGreaterThan(10);
    expect(new Set(autoA)).toEqual(new Set(['pass']));
    expect(autoB.filter((x) => x === 'pass').length).toBeGreaterThan(10);
    expect(autoB).toContain('declare-attackers');
    expect(autoB).toContain('declare-blocks');

    // Nothing anyone else received carries settings or tells automatic play from manual.
    for (const c of [m.b, spec]) expect(JSON.stringify(c.received)).not.toMatch(SECRET_WORDS);
    const passA = m.b.received
      .flatMap((r) => (r.event === 'match:view' ? (r.payload as ViewMessage).events : []))
      .filter((e) => e.t === 'pass' && e.manager === 'A');
    expect(passA.length).toBeGreaterThan(autoA.length);
    for (const e of passA) expect(e).toEqual({ t: 'pass', manager: 'A' });
    for (const c of [m.a, m.b, spec]) c.close();
  });

  it('with no stops at all, a manager is asked only for mulligans, the turn order, discards, choices and illegal empty blocks', async () => {
    const m = await setUp(DEFAULT_STOP_SETTINGS, NO_STOPS);
    const rnd = makeRng('stops-none');
    for (let i = 0; i < 300 && !m.master.matchResult; i++) {
      const v = await settled(m);
      const msg = m.b.view(m.roomId)!;
      const mine = msg.view;
      if (v.deciders.includes('B') && !neverAutomatic(mine)) {
        expect(mine.phase).toBe('combat-block');
        expect(emptyBlocksRefused(msg.legal)).toBe(true);
      }
      await play(m, v.deciders[0]!, rnd);
    }
    expect((await automatic(m, 'B')).filter((x) => x === 'pass').length).toBeGreaterThan(30);
    // No prompt flashes up for a decision the server makes for B: every view that offers B actions is one
    // where B is really asked.
    let offered = 0;
    for (const r of m.b.received) {
      if (r.event !== 'match:view') continue;
      const msg = r.payload as ViewMessage;
      if (msg.legal.length === 0) continue;
      offered++;
      expect(neverAutomatic(msg.view) || emptyBlocksRefused(msg.legal), `B offered actions in ${msg.view.phase} at seq ${msg.seq}`).toBe(true);
    }
    expect(offered).toBeGreaterThan(0);
    for (const c of [m.a, m.b]) c.close();
  });

  it('full control asks everywhere; a refused settings change leaves it in force', async () => {
    const m = await setUp(FULL, NO_STOPS);
    const bad = await m.a.emit('settings', { stops: { ...NO_STOPS, opponent: { ...NO_STOPS.opponent, 'declare-attackers': false } } } as never);
    expect(bad).toMatchObject({ ok: false, code: 'bad-request' });
    expect((bad as { message: string }).message).toMatch(/declare-attackers/);
    const rnd = makeRng('stops-full');
    let priorityAsked = 0;
    for (let i = 0; i < 250 && !m.master.matchResult; i++) {
      const v = await settled(m);
      if (v.deciders.includes('A') && priorityWindow(v.view, 'A')) priorityAsked++;
      await play(m, v.deciders[0]!, rnd);
    }
    expect(await automatic(m, 'A')).toEqual([]);
    expect(priorityAsked).toBeGreaterThan(40);
    for (const c of [m.a, m.b]) c.close();
  });

  it("'pass until my turn' passes every priority window until A's turn begins; declarations still ask", async () => {
    const m = await setUp(FULL, FULL);
    const rnd = makeRng('stops-my-turn');
    let v = await settled(m);
    let rounds = 0;
    let declarationsAsked = 0;
    while (rounds < 6 && !v.result) {
      // Play on until A is asked in a priority window of B's turn, late enough for combat to happen.
      for (let i = 0; i < 600 && !v.result && !(v.view.turn >= 4 && v.deciders.includes('A') && v.view.active === 'B' && priorityWindow(v.view, 'A')); i++) {
        await play(m, v.deciders[0]!, rnd);
        v = await settled(m);
      }
      if (v.result) break;
      const turn = v.view.turn;
      const before = (await automatic(m, 'A')).length;
      expect(await m.a.emit('match:pass-until', { roomId: m.roomId, mode: 'my-turn' })).toEqual({ ok: true, mode: 'my-turn' });
      v = await settled(m);
      expect((await automatic(m, 'A')).length).toBeGreaterThan(before); // the window A was asked in, at once
      // Until A's turn: A is waited on only to declare, discard or choose.
      for (let i = 0; i < 400 && v.view.turn === turn && !v.result; i++) {
        if (v.deciders.includes('A')) {
          expect(priorityWindow(v.view, 'A'), `A asked in ${v.view.phase}`).toBe(false);
          declarationsAsked++;
        }
        await play(m, v.deciders[0]!, rnd);
        v = await settled(m);
      }
      if (v.result) break;
      // A's turn began: the one-shot is over, and full control asks A again.
      expect(v.view.active).toBe('A');
      const passed = (await automatic(m, 'A')).length;
      for (let i = 0; i < 5 && !v.deciders.includes('A'); i++) {
        await play(m, v.deciders[0]!, rnd);
        v = await settled(m);
      }
      expect(v.deciders).toContain('A');
      expect((await automatic(m, 'A')).length).toBe(passed);
      rounds++;
    }
    expect(rounds).toBeGreaterThan(2);
    expect(declarationsAsked).toBeGreaterThan(0); // e.g. to block
    for (const c of [m.a, m.b]) c.close();
  });

  it("'pass until something happens' ends on the opponent's play, attack or the turn's end; a cancelled one-shot passes nothing", async () => {
    const m = await setUp(FULL, FULL);
    const rnd = makeRng('stops-something');
    let v = await settled(m);
    // Cancelled while the match waits on B: A's next priority is asked (full control), not passed.
    while (!(v.deciders.includes('B') && v.view.phase !== 'mulligan')) {
      await play(m, v.deciders[0]!, rnd);
      v = await settled(m);
    }
    expect(await m.a.emit('match:pass-until', { roomId: m.roomId, mode: 'something-happens' })).toEqual({ ok: true, mode: 'something-happens' });
    expect(await m.a.emit('match:pass-until', { roomId: m.roomId, mode: null })).toEqual({ ok: true, mode: null });
    for (let i = 0; i < 100 && !v.deciders.includes('A'); i++) {
      await play(m, 'B', rnd);
      v = await settled(m);
    }
    expect(await automatic(m, 'A')).toEqual([]);

    // Set whenever A is asked in a priority window; the next time A is asked in one, something happened.
    let rounds = 0;
    for (let i = 0; i < 600 && rounds < 8 && !m.master.matchResult; i++) {
      if (v.deciders.includes('A') && priorityWindow(v.view, 'A')) {
        const mark = m.a.received.length;
        const passed = (await automatic(m, 'A')).length;
        expect(await m.a.emit('match:pass-until', { roomId: m.roomId, mode: 'something-happens' })).toMatchObject({ ok: true });
        v = await settled(m);
        for (let j = 0; j < 400 && !(v.deciders.includes('A') && priorityWindow(v.view, 'A')) && !m.master.matchResult; j++) {
          await play(m, v.deciders[0]!, rnd);
          v = await settled(m);
        }
        if (m.master.matchResult) break;
        const events = m.a.received.slice(mark).flatMap((r) => (r.event === 'match:view' ? (r.payload as ViewMessage).events : []));
        const happened = events.some(
          (e) =>
            e.t === 'turn' || (e.t === 'stack-push' && e.item.controller === 'B') || (e.t === 'attackers' && e.attackers.length > 0 && v.view.active === 'B'),
        );
        expect(happened, JSON.stringify(events.map((e) => e.t))).toBe(true);
        expect((await automatic(m, 'A')).length).toBeGreaterThan(passed);
        rounds++;
      }
      await play(m, v.deciders[0]!, rnd);
      v = await settled(m);
    }
    expect(rounds).toBeGreaterThan(3);
    expect(JSON.stringify(m.b.received)).not.toMatch(SECRET_WORDS);
    for (const c of [m.a, m.b]) c.close();
  });

  it('one-shots are for the seated managers of a running match; bad modes are refused', async () => {
    const m = await setUp(FULL, FULL);
    const spec = await TestClient.connect(t.url, 'Watcher');
    await spec.emit('room:spectate', { roomId: m.roomId });
    expect(await spec.emit('match:pass-until', { roomId: m.roomId, mode: 'my-turn' })).toMatchObject({ ok: false, code: 'not-a-manager' });
    expect(await m.a.emit('match:pass-until', { roomId: 'nope', mode: 'my-turn' })).toMatchObject({ ok: false, code: 'room-not-found' });
    expect(await m.a.emitRaw('match:pass-until', { roomId: m.roomId, mode: 'forever' })).toMatchObject({ ok: false, code: 'bad-request' });
    const v = await settled(m);
    const ack = await m.a.emit('match:action', { roomId: m.roomId, clientActionId: 'c', seenSeq: v.seq, action: { type: 'concede' } });
    expect(ack).toMatchObject({ ok: true });
    expect(await m.b.emit('match:pass-until', { roomId: m.roomId, mode: 'my-turn' })).toMatchObject({ ok: false, code: 'match-over' });
    for (const c of [m.a, m.b, spec]) c.close();
  });
});
