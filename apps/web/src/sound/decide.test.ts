import { describe, expect, it } from 'vitest';
import type { GameEvent } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { soundsFor } from './decide';

const msg = (p: Partial<ViewMessage>): ViewMessage => ({
  roomId: 'r',
  matchId: 'm',
  seq: 1,
  viewer: 'A',
  view: {} as never,
  events: [],
  legal: [],
  deciders: [],
  clocks: {} as never,
  result: null,
  full: false,
  ...p,
});
const legal = [{ type: 'pass', manager: 'A' }] as never;

describe('soundsFor: events → which sounds', () => {
  it('your turn starting chimes (and stands for the prompt that comes with it)', () => {
    const turn: GameEvent = { t: 'turn', turn: 3, active: 'A' };
    expect(soundsFor(msg({ seq: 1 }), msg({ seq: 2, events: [turn], deciders: ['A'], legal }))).toEqual(['turn']);
    expect(soundsFor(msg({ seq: 1 }), msg({ seq: 2, events: [{ t: 'turn', turn: 4, active: 'B' }] }))).toEqual([]);
  });

  it('a decision newly waiting on you pings once, not again while you keep deciding', () => {
    expect(soundsFor(msg({ deciders: ['B'] }), msg({ seq: 2, deciders: ['A'], legal }))).toEqual(['prompt']);
    expect(soundsFor(msg({ deciders: ['A'], legal }), msg({ seq: 2, deciders: ['A'], legal }))).toEqual([]);
    expect(soundsFor(msg({ viewer: 'spectator' }), msg({ viewer: 'spectator', seq: 2, deciders: ['A'] }))).toEqual([]);
  });

  it('damage to a card or a manager thumps, once per batch', () => {
    const events: GameEvent[] = [
      { t: 'damage', card: 'c', amount: 2, combat: true },
      { t: 'sanity', manager: 'B', delta: -3, now: 7, reason: 'combat' },
    ];
    expect(soundsFor(msg({}), msg({ seq: 2, events }))).toEqual(['damage']);
    expect(soundsFor(msg({}), msg({ seq: 2, events: [{ t: 'sanity', manager: 'A', delta: 1, now: 9, reason: 'effect' }] }))).toEqual([]);
  });

  it('the end: win or lose for a manager, once; a spectator hears the match end', () => {
    expect(soundsFor(msg({}), msg({ seq: 9, result: { winner: 'A', reason: 'sanity' } }))).toEqual(['win']);
    expect(soundsFor(msg({}), msg({ seq: 9, result: { winner: 'B', reason: 'concede' } }))).toEqual(['lose']);
    expect(soundsFor(msg({ result: { winner: 'B', reason: 'concede' } }), msg({ seq: 10, result: { winner: 'B', reason: 'concede' } }))).toEqual([]);
    expect(soundsFor(msg({ viewer: 'spectator' }), msg({ viewer: 'spectator', seq: 9, result: { winner: 'B', reason: 'sanity' } }))).toEqual(['win']);
  });

  it('a full view (join, reconnect) or another match is silent', () => {
    expect(soundsFor(undefined, msg({ full: true, deciders: ['A'], legal }))).toEqual([]);
    expect(soundsFor(undefined, msg({ full: true, result: { winner: 'A', reason: 'sanity' } }))).toEqual([]);
    expect(soundsFor(msg({ matchId: 'old' }), msg({ seq: 2, deciders: ['A'], legal }))).toEqual([]);
  });
});
