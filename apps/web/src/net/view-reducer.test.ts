/**
 * The view reducer against messages built from a real engine match (the server's recipe: `project` and
 * `projectEvents` per viewer): a match's first view, updates, a mid-match join with and without this tab's saved
 * log, the server's public record, a spectator, a new match in the same room, one-shot passes, leaving a room,
 * and that nothing it is given is changed.
 */
import { describe, expect, it } from 'vitest';
import {
  createGame,
  deciders,
  legalActions,
  makeRng,
  project,
  projectEvents,
  realise,
  step,
  type GameEvent,
  type GameState,
  type Viewer,
} from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { MatchLogHistory, RoomState, ViewMessage } from '@vroyale/protocol';
import { t } from '../i18n';
import { initialState, type AppState, type LogLine } from '../store';
import { allCards, isNewPosition, LOG_MAX, reduceLeave, reduceLogHistory, reduceView, type ViewEnv } from './view-reducer';

/** A seeded match: the states after each step and the events each step made (index 0: the created match). */
function playMatch(seed: string, untilTurn: number): { states: GameState[]; events: GameEvent[][] } {
  const created = createGame({ seed, pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
  if (!created.ok) throw new Error(created.message);
  const states = [created.state];
  const events = [created.events];
  const rnd = makeRng(`${seed}-play`);
  let s = created.state;
  while (s.turn < untilTurn) {
    if (s.phase === 'game-over') throw new Error('the match ended too soon');
    const who = deciders(s)[0]!;
    const legal = legalActions(s, who).filter((a) => a.type !== 'concede');
    const r = step(s, realise(legal[Math.floor(rnd() * legal.length)]!, rnd));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
    states.push(s);
    events.push(r.events);
  }
  return { states, events };
}

const match = playMatch('view-reducer', 3);
const last = match.states.length - 1;

/** The message the server would send `viewer` after step `i` (an update carries that step's events). */
function msg(i: number, viewer: Viewer, full: boolean, ids: { roomId?: string; matchId?: string } = {}): ViewMessage {
  const s = match.states[i]!;
  return {
    roomId: ids.roomId ?? 'r1',
    matchId: ids.matchId ?? 'm1',
    seq: s.seq,
    viewer,
    view: project(s, viewer),
    events: full ? [] : projectEvents(match.events[i]!, viewer),
    legal: [],
    deciders: deciders(s),
    clocks: { A: { remainingMs: 0, running: false }, B: { remainingMs: 0, running: false }, serverNow: 0 } as never,
    result: null,
    full,
  };
}

const seat = (name: string, bot = false) => ({ name, username: null, bot, connected: true });
const room = { roomId: 'r1', seats: { A: seat('Aiko'), B: seat('Bot (hard)', true) } } as unknown as RoomState;

const noSavedLog: ViewEnv = { now: 1000, restoredLog: () => null };

/** A state with the room's seats known. */
const start = (): AppState => ({ ...initialState(), roomStates: { r1: room } });

/** Views 0..i of the match as `viewer` sees them: a full view first, then updates (each at env.now = its index). */
function replay(to: number, viewer: Viewer, from = 0, state = start()): AppState {
  let st = reduceView(state, msg(from, viewer, true), noSavedLog);
  for (let i = from + 1; i <= to; i++) st = reduceView(st, msg(i, viewer, false), { ...noSavedLog, now: i });
  return st;
}

const texts = (st: AppState, roomId = 'r1') => (st.log[roomId] ?? []).map((l) => l.text);

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe('reduceView: a new match', () => {
  it("the match's first full view: the view, the time it came, its cards, and a log that begins", () => {
    const m = msg(0, 'A', true);
    const st = reduceView(start(), m, noSavedLog);
    expect(st.views.r1?.seq).toBe(m.seq);
    expect(st.views.r1?.view.managers).toEqual(m.view.managers);
    expect(st.viewAt.r1).toBe(1000);
    expect(texts(st)).toEqual(['The match begins.']);
    for (const c of allCards(m.view)) {
      expect(st.cardDefs[c.id]).toBe(c.def);
      expect(st.defs[c.def]).toBeDefined();
    }
    expect(st.logMemory.r1).toMatchObject({ me: 'A', names: { A: 'Aiko', B: t('room.botSeat.hard') }, wantsHistory: null });
  });

  it('names the seats by the room state, or by their place when the room is not known yet', () => {
    const st = reduceView(initialState(), msg(0, 'B', true), noSavedLog);
    expect(st.logMemory.r1?.names).toEqual({ A: t('room.managerA'), B: t('room.managerB') });
  });

  it('another match in the same room (a rematch) starts its log afresh', () => {
    const st = replay(last, 'A');
    const again = reduceView(st, msg(0, 'A', true, { matchId: 'm2' }), noSavedLog);
    expect(texts(again)).toEqual(['The match begins.']);
    expect(again.views.r1?.matchId).toBe('m2');
  });
});

describe('reduceView: the end of a game', () => {
  /** The match's last state, then B concedes: the update that ends it, as A sees it. */
  function conceded(): ViewMessage {
    const s = match.states[last]!;
    const r = step(s, { type: 'concede', manager: 'B' });
    if (!r.ok) throw new Error(r.message);
    return { ...msg(last, 'A', false), seq: r.state.seq, view: project(r.state, 'A'), events: projectEvents(r.events, 'A'), deciders: [] };
  }

  it('says the match was won in a single game, and the game in a game of a best of three (issue 34)', () => {
    const single = reduceView(replay(last, 'A'), conceded(), noSavedLog);
    expect(texts(single).at(-1)).toMatch(/^You win the match: /);
    const bo3 = { ...start(), roomStates: { r1: { ...room, format: 'bo3' } as RoomState } };
    const game = reduceView(replay(last, 'A', 0, bo3), conceded(), noSavedLog);
    expect(texts(game).at(-1)).toMatch(/^You win the game: /);
  });
});

describe('reduceView: updates', () => {
  it("turns the events into log lines, the viewer's own in the second person", () => {
    const st = replay(last, 'A');
    const lines = texts(st);
    expect(lines[0]).toBe('The match begins.');
    expect(lines.length).toBeGreaterThan(3);
    // Three turns: each manager has one, told to A as "your turn" and by the bot seat's name.
    expect(lines.some((l) => /^Turn \d — your turn\.$/.test(l))).toBe(true);
    expect(lines.some((l) => /^Turn \d — Bot \(hard\)'s turn\.$/.test(l))).toBe(true);
    // Every line is tagged with the seq of the view that brought it, in order.
    const seqs = st.log.r1!.map((l) => l.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(st.viewAt.r1).toBe(last);
  });

  it('keeps every card definition sent before, with its identity, when an update carries only new ones', () => {
    const first = reduceView(start(), msg(0, 'A', true), noSavedLog);
    const next = msg(1, 'A', false);
    const update = { ...next, view: { ...next.view, defs: {} } };
    const st = reduceView(first, update, noSavedLog);
    expect(st.defs).toBe(first.defs);
    expect(st.views.r1?.view.defs).toBe(first.defs);
    const extra = Object.values(cardPool).find((d) => !first.defs[d.id])!;
    const withNew = reduceView(st, { ...update, view: { ...update.view, defs: { [extra.id]: extra } } }, noSavedLog);
    expect(withNew.defs[extra.id]).toBe(extra);
    for (const [k, d] of Object.entries(first.defs)) expect(withNew.defs[k]).toBe(d);
  });

  it('a new position is another seq than the one shown; the same seq again (a resent full view) is not', () => {
    const a = msg(0, 'A', true);
    const b = msg(1, 'A', false);
    expect(a.seq).not.toBe(b.seq);
    expect(isNewPosition(undefined, a)).toBe(false);
    expect(isNewPosition(a, { ...a, full: true })).toBe(false);
    expect(isNewPosition(a, b)).toBe(true);
  });

  it('a full view of the match already shown (after a reconnect that kept the page) keeps the log', () => {
    const st = replay(last, 'A');
    const again = reduceView(st, msg(last, 'A', true), noSavedLog);
    expect(texts(again)).toEqual(texts(st));
  });

  it('takes views in the order they come: there is no seq filter (the server sends them in order)', () => {
    const st = replay(2, 'A');
    const older = reduceView(st, msg(1, 'A', false), noSavedLog);
    expect(older.views.r1?.seq).toBe(match.states[1]!.seq);
  });

  it(`keeps the last ${LOG_MAX} lines`, () => {
    const long: LogLine[] = Array.from({ length: LOG_MAX }, (_, i) => ({ seq: 0, kind: 'info', text: `old ${i}` }));
    const first = reduceView(start(), msg(0, 'A', true), noSavedLog);
    const st = reduceView({ ...first, log: { r1: long } }, msg(1, 'A', false), noSavedLog);
    const added = texts(replay(1, 'A')).length - 1;
    expect(added).toBeGreaterThan(0);
    expect(st.log.r1).toHaveLength(LOG_MAX);
    expect(texts(st)[0]).toBe(`old ${added}`);
  });
});

describe('reduceView: joining mid-match, and the public record', () => {
  const history = (matchId = 'm1'): MatchLogHistory => ({
    roomId: 'r1',
    matchId,
    batches: match.events.slice(1, last).map((events, i) => ({ seq: match.states[i + 1]!.seq, events: projectEvents(events, 'spectator') })),
    truncated: false,
  });

  it('without a saved log: "joined", and the log waits for the public record, which goes before it once', () => {
    const st = reduceView(start(), msg(last, 'A', true), noSavedLog);
    expect(texts(st)).toEqual(['Joined the match in progress.']);
    expect(st.logMemory.r1?.wantsHistory).toBe('m1');
    expect(reduceLogHistory(st, history('m0'))).toBe(st);
    const filled = reduceLogHistory(st, history());
    const lines = texts(filled);
    expect(lines[0]).toBe(t('pace.history'));
    expect(lines[lines.length - 1]).toBe('Joined the match in progress.');
    expect(lines.some((l) => /^Turn \d — your turn\.$/.test(l))).toBe(true);
    expect(filled.logMemory.r1?.wantsHistory).toBeNull();
    expect(reduceLogHistory(filled, history())).toBe(filled);
  });

  it("with this tab's saved log (a reload): carries on from it, says so, and ignores the public record", () => {
    const saved: LogLine[] = [{ seq: 1, kind: 'info', text: 'written before the reload' }];
    const asked: string[] = [];
    const env: ViewEnv = { now: 5, restoredLog: (matchId, viewer) => (asked.push(`${matchId}/${viewer}`), saved) };
    const st = reduceView(start(), msg(last, 'A', true), env);
    expect(asked).toEqual(['m1/A']);
    expect(texts(st)).toEqual(['written before the reload', 'Reconnected.']);
    expect(st.logMemory.r1?.wantsHistory).toBeNull();
    expect(reduceLogHistory(st, history())).toBe(st);
  });

  it("a match's very first view never looks for a saved log", () => {
    const env: ViewEnv = { now: 0, restoredLog: () => [{ seq: 0, kind: 'info', text: 'stale' }] };
    expect(texts(reduceView(start(), msg(0, 'A', true), env))).toEqual(['The match begins.']);
  });

  it('a record for a match no longer shown stops the wait and adds nothing', () => {
    const st = reduceView(start(), msg(last, 'A', true), noSavedLog);
    const moved = reduceView(st, msg(0, 'A', true, { matchId: 'm2' }), noSavedLog);
    const after = reduceLogHistory({ ...moved, logMemory: { r1: { ...moved.logMemory.r1!, wantsHistory: 'm1' } } }, history());
    expect(texts(after)).toEqual(['The match begins.']);
    expect(after.logMemory.r1?.wantsHistory).toBeNull();
  });
});

describe('reduceView: a spectator', () => {
  it('reads both managers by name and never in the second person', () => {
    const st = replay(last, 'spectator');
    expect(st.logMemory.r1?.me).toBeNull();
    const lines = texts(st);
    expect(lines.some((l) => /^Turn \d — .+'s turn\.$/.test(l))).toBe(true);
    expect(lines.filter((l) => /\byou(r)?\b/i.test(l))).toEqual([]);
  });

  it("sees no hand card's definition that the player's view shows", () => {
    const player = replay(last, 'A');
    const spectator = replay(last, 'spectator');
    const hand = match.states[last]!.managers.A.hand;
    expect(hand.length).toBeGreaterThan(0);
    for (const id of hand) {
      expect(player.cardDefs[id]).toBeDefined();
      expect(spectator.cardDefs[id]).toBeUndefined();
    }
  });

  it("leaves one-shot passes alone (they are a player's)", () => {
    const st = reduceView({ ...start(), oneShots: { r1: 'something-happens' } }, msg(0, 'spectator', true), noSavedLog);
    const next = reduceView(st, msg(last, 'spectator', false), noSavedLog);
    expect(next.oneShots).toBe(st.oneShots);
  });
});

describe('reduceView: one-shot passes', () => {
  const turnOf = (i: number) => match.events[i]!.find((e) => e.t === 'turn') as Extract<GameEvent, { t: 'turn' }> | undefined;

  it("'something-happens' ends on a new turn; 'my-turn' only on the viewer's own", () => {
    const i = match.events.findIndex((_, k) => k > 0 && turnOf(k));
    const turn = turnOf(i)!;
    const other = turn.active === 'A' ? 'B' : 'A';
    const before = replay(i - 1, turn.active);
    const at = (viewer: 'A' | 'B', mode: 'my-turn' | 'something-happens') =>
      reduceView({ ...replay(i - 1, viewer), oneShots: { r1: mode } }, msg(i, viewer, false), noSavedLog).oneShots.r1;
    expect(before.views.r1).toBeDefined();
    expect(at(turn.active, 'my-turn')).toBeNull();
    expect(at(other, 'my-turn')).toBe('my-turn');
    expect(at(other, 'something-happens')).toBeNull();
  });
});

describe('reduceLeave', () => {
  it("drops the room's seat and state; the last view and the log stay, and other rooms are untouched", () => {
    const st = {
      ...replay(1, 'A'),
      seats: [
        { roomId: 'r1', seat: 'A' as const },
        { roomId: 'r2', seat: 'B' as const },
      ],
    };
    const left = reduceLeave({ ...st, roomStates: { ...st.roomStates, r2: { ...room, roomId: 'r2' } } }, 'r1');
    expect(left.seats).toEqual([{ roomId: 'r2', seat: 'B' }]);
    expect(Object.keys(left.roomStates)).toEqual(['r2']);
    expect(left.views.r1).toBe(st.views.r1);
    expect(left.log.r1).toBe(st.log.r1);
  });
});

describe('purity', () => {
  it('changes nothing it is given (frozen state and messages go through a whole match and its record)', () => {
    let st = deepFreeze(start());
    st = deepFreeze(reduceView(st, deepFreeze(msg(last, 'A', true)), noSavedLog));
    st = deepFreeze(
      reduceLogHistory(st, deepFreeze({ roomId: 'r1', matchId: 'm1', batches: [{ seq: 1, events: projectEvents(match.events[1]!, 'A') }], truncated: false })),
    );
    for (let i = 1; i <= last; i++) st = deepFreeze(reduceView(st, deepFreeze(msg(i, 'B', false, { roomId: 'r2' })), noSavedLog));
    expect(deepFreeze(reduceLeave(st, 'r1')).roomStates.r1).toBeUndefined();
    expect(Object.keys(st.views).sort()).toEqual(['r1', 'r2']);
  });

  it('the same state and message give the same state', () => {
    const a = replay(last, 'A');
    const b = replay(last, 'A');
    expect(b.log).toEqual(a.log);
    expect(b.cardDefs).toEqual(a.cardDefs);
    expect(b.logMemory).toEqual(a.logMemory);
  });
});
