/** The lobby's words for rooms and matches (never an id or a seat letter), and "Your matches" from the store. */
import { describe, expect, it } from 'vitest';
import type { RoomState, RoomSummary, ViewMessage } from '@vroyale/protocol';
import { setLanguage } from '../../i18n';
import { resultText, roomName, seatWithRating, seriesText, summaryTitle, turnText } from './match-words';
import { myMatches, oldestBotMatch } from './my-matches';

const seat = (name: string, extra: Partial<RoomSummary['seats']['A'] & object> = {}) => ({
  name,
  username: null,
  bot: false,
  rating: null,
  provisional: false,
  ...extra,
});
const summary = (over: Partial<RoomSummary>): RoomSummary => ({
  roomId: 'r1Xy9AbcDEFghiJK',
  kind: 'room',
  status: 'active',
  clock: { untimed: true },
  seats: { A: null, B: null },
  spectators: 0,
  createdAt: 1,
  turn: null,
  active: null,
  delayed: false,
  result: null,
  endedAt: null,
  format: 'bo1',
  ...over,
});

describe('match words', () => {
  it('says a best-of-three by its games: the winner first in recent results, seat A first while it is played', async () => {
    const seats = { A: seat('Aiko'), B: seat('Bea') };
    const score = (game: number, A: number, B: number, over: boolean) => ({ game, games: game, wins: { A, B }, draws: 0, over });
    await setLanguage('en', false);
    expect(resultText(summary({ status: 'finished', seats, format: 'bo3', series: score(3, 1, 2, true) }))).toBe('Bea beat Aiko 2–1 (best of three)');
    expect(resultText(summary({ status: 'finished', seats, format: 'bo3', series: score(2, 1, 1, true) }))).toBe('Aiko and Bea drew the best of three 1–1');
    expect(seriesText(summary({ seats, format: 'bo3', series: score(2, 0, 1, false) }))).toBe('game 2, 0–1');
    expect(seriesText(summary({ seats }))).toBeNull();
    await setLanguage('ja', false);
    expect(resultText(summary({ status: 'finished', seats, format: 'bo3', series: score(2, 2, 0, true) }))).toBe('AikoがBeaに2–0で勝利（3本勝負）');
    expect(seriesText(summary({ seats, format: 'bo3', series: score(3, 1, 1, false) }))).toBe('第3ゲーム・1–1');
    await setLanguage('en', false);
  });

  it('names a room in words, the same for everyone, never by its id', async () => {
    await setLanguage('en', false);
    const ids = ['4saeRVxQ2bLm9PqZ', 'AAAAAAAAAAAAAAAA', 'zzzz-___-zzzz-01'];
    const names = ids.map(roomName);
    expect(names).toEqual(ids.map(roomName));
    for (const [i, n] of names.entries()) {
      expect(n).toMatch(/^[A-Z][a-z]+ [A-Z][a-zé]+$/);
      expect(n).not.toContain(ids[i]!.slice(0, 4));
    }
    expect(new Set(ids.concat(['b', 'c', 'd', 'e', 'f', 'g']).map(roomName)).size).toBeGreaterThan(4);
  });

  it('titles matches by their managers, waiting rooms by who waits, and says results and turns', async () => {
    await setLanguage('en', false);
    expect(summaryTitle(summary({ seats: { A: seat('Aiko'), B: seat('Bea') } }))).toBe('Aiko vs Bea');
    expect(summaryTitle(summary({ status: 'waiting', seats: { A: null, B: seat('Kenji') } }))).toBe('Kenji is waiting for an opponent');
    expect(summaryTitle(summary({ status: 'waiting' }))).toBe(roomName('r1Xy9AbcDEFghiJK'));
    expect(seatWithRating(seat('Hana', { rating: 1532 }))).toBe('Hana (1532)');
    expect(seatWithRating(seat('Kenta', { rating: 1500, provisional: true }))).toBe('Kenta (1500?)');
    expect(resultText(summary({ status: 'finished', seats: { A: seat('Mei'), B: seat('Taro') }, result: { winner: 'B', reason: 'concede' } }))).toBe(
      'Taro beat Mei',
    );
    expect(resultText(summary({ status: 'finished', seats: { A: seat('Mei'), B: seat('Taro') }, result: { winner: 'draw', reason: 'abandoned' } }))).toBe(
      'Mei and Taro drew',
    );
    expect(turnText(0, null, { A: 'Aiko', B: 'Bea' })).toBe('Opening (mulligans)');
    expect(turnText(5, 'B', { A: 'Aiko', B: 'Bea' })).toBe("Turn 5 · Bea's turn");
    expect(turnText(null, null, { A: 'Aiko', B: 'Bea' })).toBeNull();
  });

  it('speaks Japanese too', async () => {
    await setLanguage('ja', false);
    expect(summaryTitle(summary({ seats: { A: seat('Aiko'), B: seat('Bea') } }))).toBe('Aiko 対 Bea');
    expect(roomName('4saeRVxQ2bLm9PqZ')).not.toMatch(/[A-Za-z]/);
    await setLanguage('en', false);
  });
});

describe('your matches', () => {
  const state = (roomId: string, over: Partial<RoomState>): RoomState => ({
    roomId,
    visibility: 'private',
    kind: 'bot',
    createdAt: 1,
    status: 'active',
    clock: { untimed: true },
    seats: {
      A: { name: 'Me', username: null, bot: false, connected: true, holdDeadline: null, holdRemainingMs: null },
      B: { name: 'Bot (normal)', username: null, bot: true, connected: true, holdDeadline: null, holdRemainingMs: null },
    },
    spectators: 0,
    matchId: `m-${roomId}`,
    result: null,
    rematch: { offers: [], roomId: null },
    format: 'bo1',
    series: null,
    tournamentId: null,
    yourSeat: 'A',
    serverNow: 1,
    ...over,
  });
  const view = (roomId: string, turn: number, deciders: ('A' | 'B')[]) =>
    ({ roomId, matchId: `m-${roomId}`, view: { turn, active: 'B' }, deciders, result: null }) as unknown as ViewMessage;

  it('lists the live rooms this socket sits in, newest first, with the turn and whose move; the oldest bot match is offered', () => {
    const roomStates = {
      old: state('old', { createdAt: 10 }),
      tut: state('tut', { kind: 'tutorial', createdAt: 20 }),
      human: state('human', {
        kind: 'ranked',
        createdAt: 30,
        seats: { A: state('x', {}).seats.A, B: { ...state('x', {}).seats.B!, name: 'Bea', bot: false } },
      }),
      over: state('over', { status: 'finished', createdAt: 40 }),
      watched: state('watched', { yourSeat: null, createdAt: 50 }),
    };
    const views = { old: view('old', 4, ['A']), human: view('human', 2, ['B']) };
    const list = myMatches({ roomStates, views });
    expect(list.map((m) => m.roomId)).toEqual(['human', 'tut', 'old']);
    expect(list[0]).toMatchObject({ kind: 'ranked', turn: 2, active: 'B', yourMove: false, opponent: { name: 'Bea' } });
    expect(list[2]).toMatchObject({ turn: 4, yourMove: true });
    expect(list[1]).toMatchObject({ turn: null, yourMove: false });
    expect(oldestBotMatch(list)?.roomId).toBe('old');
    expect(oldestBotMatch(list.filter((m) => m.roomId !== 'old'))?.roomId).toBe('tut');
    expect(oldestBotMatch(list.filter((m) => m.kind === 'ranked'))).toBeNull();
  });
});
