/** Tournament words and readings of a view: percentages, records, round names, statuses, countdowns, a player's matches. */
import { afterAll, describe, expect, it } from 'vitest';
import type { TournamentSummary, TournamentView } from '@vroyale/protocol';
import { setLanguage } from '../../i18n';
import { attentionOf, currentRound, deadlineOf, myPairing, needsReady, playerMatches, timeLeft, winnerOf } from './event-state';
import { countdown, cutRoundName, outcomeText, pct, record, roundName, summaryStatus, viewStatus } from './words';

function view(over: Partial<TournamentView> = {}): TournamentView {
  return {
    id: 't_1',
    name: 'Friday Swiss',
    organiser: 'ann',
    status: 'running',
    format: 'bo1',
    clock: { initialMs: 600_000, incrementMs: 5_000 },
    rounds: 3,
    topCut: 4,
    roundMinutes: 50,
    visibility: 'public',
    registrationEndsAt: 0,
    serverNow: 1_000_000,
    phase: { kind: 'playing', round: 2, stage: 'swiss', endsAt: 1_060_000, timeCalled: false },
    pauseRequested: false,
    players: ['Ann', 'Ben', 'Cho', 'Dev', 'Eli'].map((name, i) => ({ id: `p${i + 1}`, name })),
    history: [
      {
        number: 1,
        stage: 'swiss',
        pairings: [
          { table: 1, a: 'p1', b: 'p2', roomId: 'r1', result: { winsA: 1, winsB: 0, draws: 0 } },
          { table: 2, a: 'p3', b: 'p4', roomId: 'r2', result: { winsA: 0, winsB: 0, draws: 1 } },
          { table: 3, a: 'p5', b: null, roomId: null, result: { winsA: 1, winsB: 0, draws: 0 } },
        ],
      },
      {
        number: 2,
        stage: 'swiss',
        pairings: [
          { table: 1, a: 'p5', b: 'p1', roomId: 'r3', result: null },
          { table: 2, a: 'p2', b: 'p3', roomId: 'r4', result: { winsA: 2, winsB: 1, draws: 0 } },
          { table: 3, a: 'p4', b: null, roomId: null, result: { winsA: 1, winsB: 0, draws: 0 } },
        ],
      },
    ],
    standings: [],
    cutSeeds: null,
    champion: null,
    lists: null,
    you: { playerId: 'p1', dropped: false, ready: false, roster: 'raid-night' },
    organiserTools: null,
    ...over,
  };
}

describe('tournament words', () => {
  afterAll(() => setLanguage('en', false));

  it('formats tiebreakers as percentages with one decimal, and records', () => {
    expect(pct(0.6667)).toBe('66.7%');
    expect(pct(1 / 3)).toBe('33.3%');
    expect(pct(1)).toBe('100.0%');
    expect(pct(0)).toBe('0.0%');
    expect(record({ wins: 2, losses: 1, draws: 0 })).toBe('2-1-0');
  });

  it('counts down in minutes, hours and days', () => {
    expect(countdown(0)).toBe('0:00');
    expect(countdown(65_000)).toBe('1:05');
    expect(countdown(64_001)).toBe('1:05'); // a started second still shows
    expect(countdown(3_723_000)).toBe('1:02:03');
    expect(countdown(2 * 86_400_000 + 3_723_000)).toBe('2 days 1:02:03');
    expect(countdown(-5)).toBe('0:00');
  });

  it('names rounds: Swiss by number, the cut by its size', () => {
    expect(roundName('swiss', 2, 4)).toBe('Round 2');
    expect(cutRoundName(8, 1)).toBe('Quarterfinals');
    expect(cutRoundName(8, 2)).toBe('Semifinals');
    expect(cutRoundName(8, 3)).toBe('Final');
    expect(cutRoundName(4, 1)).toBe('Semifinals');
    expect(cutRoundName(4, 2)).toBe('Final');
  });

  it('says where an event stands, in the list and on its page', () => {
    const s: TournamentSummary = {
      id: 'x',
      name: 'X',
      organiser: 'o',
      format: 'bo3',
      status: 'running',
      players: 8,
      round: 2,
      rounds: 3,
      topCut: 4,
      registrationEndsAt: 0,
      visibility: 'public',
    };
    expect(summaryStatus(s)).toBe('Round 2 of 3');
    expect(summaryStatus({ ...s, round: 4 })).toBe('Top cut: Semifinals');
    expect(summaryStatus({ ...s, round: 5 })).toBe('Top cut: Final');
    expect(summaryStatus({ ...s, status: 'registration', round: 0 })).toBe('Registration open');
    expect(summaryStatus({ ...s, status: 'finished' })).toBe('Finished');
    expect(viewStatus(view())).toBe('Round 2 of 3');
    expect(viewStatus(view({ phase: { kind: 'ready-check', round: 2, stage: 'cut', deadline: 0, ready: [] }, cutSeeds: ['p1', 'p2', 'p3', 'p4'] }))).toBe(
      'Top cut: Final',
    );
    expect(viewStatus(view({ status: 'paused', phase: { kind: 'paused', before: 3 } }))).toBe('Paused before round 3');
  });

  it('words a player’s results', () => {
    expect(outcomeText({ outcome: 'win', games: [2, 1, 0] })).toBe('Won 2–1');
    expect(outcomeText({ outcome: 'draw', games: [1, 1, 1] })).toBe('Drew 1–1–1');
    expect(outcomeText({ outcome: 'bye', games: null })).toBe('Bye');
    expect(outcomeText({ outcome: 'pending', games: null })).toBe('Playing');
  });

  it('has Japanese words for all of it', async () => {
    await setLanguage('ja', false);
    expect(cutRoundName(4, 1)).toBe('準決勝');
    expect(cutRoundName(4, 2)).toBe('決勝');
    expect(viewStatus(view())).toBe('ラウンド 2 / 3');
    expect(outcomeText({ outcome: 'bye', games: null })).toBe('不戦勝');
    expect(countdown(86_400_000 + 60_000)).toBe('1日 0:01:00');
    await setLanguage('en', false);
  });
});

describe('readings of a tournament view', () => {
  it('counts a deadline down from the server’s clock', () => {
    // Sent at server time 1000, heard at local 50_000: 4 s later locally, 9 s of 13 are left.
    expect(timeLeft(14_000, 1_000, 50_000, 54_000)).toBe(9_000);
    expect(timeLeft(14_000, 1_000, 50_000, 90_000)).toBe(0);
    expect(deadlineOf(view())).toEqual({ at: 1_060_000, kind: 'round' });
    expect(deadlineOf(view({ status: 'registration', registrationEndsAt: 5, phase: { kind: 'registration' } }))).toEqual({ at: 5, kind: 'registration' });
    expect(deadlineOf(view({ phase: { kind: 'playing', round: 1, stage: 'cut', endsAt: null, timeCalled: false } }))).toBeNull();
  });

  it('finds the round in play and this user’s table with its room', () => {
    expect(currentRound(view())?.number).toBe(2);
    expect(myPairing(view())).toMatchObject({ table: 1, roomId: 'r3' });
    expect(attentionOf(view())).toEqual({ kind: 'play', roomId: 'r3', round: 2, stage: 'swiss' });
    // A watcher has no table; during a ready check no table is live.
    expect(myPairing(view({ you: null }))).toBeNull();
    expect(myPairing(view({ phase: { kind: 'ready-check', round: 3, stage: 'swiss', deadline: 0, ready: [] } }))).toBeNull();
  });

  it('knows when the ready check waits for this user', () => {
    const rc = { kind: 'ready-check', round: 3, stage: 'swiss', deadline: 9, ready: [] as string[] } as const;
    expect(needsReady(view({ phase: rc }))).toBe(true);
    expect(attentionOf(view({ phase: rc }))).toEqual({ kind: 'ready', deadline: 9 });
    expect(needsReady(view({ phase: { ...rc, ready: ['p1'] } }))).toBe(false);
    expect(needsReady(view({ phase: rc, you: { playerId: 'p1', dropped: true, ready: false, roster: 'x' } }))).toBe(false);
    expect(needsReady(view({ phase: rc, you: null }))).toBe(false);
    // The phase's list decides: `you` may lag (the server pushes this user's part only when it changed since its last push).
    expect(needsReady(view({ phase: rc, you: { playerId: 'p1', dropped: false, ready: true, roster: 'x' } }))).toBe(true);
    const gone = view().players.map((p) => (p.id === 'p1' ? { ...p, droppedAfterRound: 1 } : p));
    expect(needsReady(view({ phase: rc, players: gone }))).toBe(false);
    // In the cut only the players of its open matches are asked.
    const cut = { number: 1, stage: 'cut' as const, pairings: [{ table: 1, a: 'p2', b: 'p3', roomId: null, result: null }] };
    const inCut = view({ phase: { ...rc, stage: 'cut', round: 1 }, history: [...view().history, cut] });
    expect(needsReady(inCut)).toBe(false);
    expect(needsReady({ ...inCut, you: { playerId: 'p3', dropped: false, ready: false, roster: 'x' } })).toBe(true);
  });

  it('lists a player’s matches round by round from their side', () => {
    expect(playerMatches(view(), 'p1')).toEqual([
      { stage: 'swiss', round: 1, table: 1, opponent: 'p2', outcome: 'win', games: [1, 0, 0], roomId: 'r1' },
      { stage: 'swiss', round: 2, table: 1, opponent: 'p5', outcome: 'pending', games: null, roomId: 'r3' },
    ]);
    expect(playerMatches(view(), 'p3').map((m) => [m.outcome, m.games])).toEqual([
      ['draw', [0, 0, 1]],
      ['loss', [1, 2, 0]],
    ]);
    expect(playerMatches(view(), 'p4').map((m) => m.outcome)).toEqual(['draw', 'bye']);
    expect(winnerOf({ table: 1, a: 'p2', b: 'p3', roomId: null, result: { winsA: 2, winsB: 1, draws: 0 } })).toBe('p2');
    expect(winnerOf({ table: 1, a: 'p2', b: null, roomId: null, result: null })).toBe('p2');
  });
});
