/**
 * Mining from finished matches: a replay in the server's JSON shape (`GET /api/matches/:id/replay`) replays to
 * the game's states, a broken one is refused naming the action, and a match's puzzles are the self-play miner's
 * puzzles of the same game with a match source.
 */
import { describe, expect, it } from 'vitest';
import { cardPool } from '@vroyale/cards';
import { hashState } from '@vroyale/engine';
import { mineGame } from '../src/mine.js';
import { parseReplay, replayStates, ReplayError } from '../src/replay.js';
import { selfPlayGame } from '../bench/self-play.js';

// Self-play game 4 of the shipped run (headline-scandal against raid-night, normal against normal): it has a
// win-this-turn puzzle at budget 3,000 (test/mine.test.ts).
const game = selfPlayGame('puzzles', 4);
/** The replay as it comes over HTTP: JSON text, parsed back. */
const json = (): unknown => JSON.parse(JSON.stringify(game.replay));

describe('replay → states', () => {
  it('a real game replays to the same states, action by action', () => {
    expect(game.failure).toBeNull();
    const states = replayStates(parseReplay(json()), cardPool);
    expect(states.length).toBe(game.states.length);
    expect(states.length).toBeGreaterThan(50);
    expect(states.map(hashState)).toEqual(game.states.map(hashState));
    expect(states[states.length - 1]!.phase).toBe('game-over');
  });

  it('an action the engine refuses stops the replay with its seq', () => {
    const broken = json() as { actions: { seq: number; action: unknown }[] };
    // Action 30 played twice: the second is out of turn or no longer legal.
    const k = 30;
    broken.actions[k] = { ...broken.actions[k]!, action: broken.actions[k - 1]!.action };
    const seq = broken.actions[k]!.seq;
    expect(() => replayStates(parseReplay(broken), cardPool)).toThrow(ReplayError);
    expect(() => replayStates(parseReplay(broken), cardPool)).toThrow(new RegExp(`match self-play-puzzles-4: action seq ${seq} \\(`));
  });

  it('another seed does not replay the same actions', () => {
    const other = { ...(json() as object), seed: 'puzzles-5' };
    expect(() => replayStates(parseReplay(other), cardPool)).toThrow(/action seq \d+/);
  });

  it('a malformed replay is refused naming the field', () => {
    expect(() => parseReplay({ ...(json() as object), actions: [{ seq: 1 }] }, 'm.json')).toThrow('m.json (match self-play-puzzles-4): actions[0]');
    expect(() => parseReplay({ seed: 'x' }, 'm.json')).toThrow('m.json: matchId');
  });
});

describe('mining a finished match', () => {
  it('finds the self-play miner’s puzzles of the same game, with a match source', () => {
    const o = { budget: 3000, goals: ['win-this-turn'] as const };
    const selfPlay = mineGame(game.states, { ...o, source: { kind: 'self-play', seed: game.seed, bots: game.bots } });
    const match = mineGame(replayStates(parseReplay(json()), cardPool), { ...o, source: { kind: 'match', matchId: 'm-1' } });
    expect(selfPlay.length).toBeGreaterThan(0);
    expect(match.map((m) => m.puzzle.id)).toEqual(selfPlay.map((m) => m.puzzle.id));
    match.forEach((m, i) => {
      const { source, ...rest } = m.puzzle;
      const { source: spSource, ...spRest } = selfPlay[i]!.puzzle;
      expect(rest).toEqual(spRest);
      expect(source).toEqual({
        kind: 'match',
        matchId: 'm-1',
        turn: spSource.turn,
        ...(spSource.botFound === undefined ? {} : { botFound: spSource.botFound }),
      });
    });
    expect(match.every((m) => m.puzzle.source.kind === 'match')).toBe(true);
  });
});
