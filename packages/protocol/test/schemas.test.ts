/**
 * The client → server schemas: what they accept and refuse, and that a client action is exactly an engine
 * action (every legal action of real games parses, with or without `manager`).
 */
import { describe, expect, it } from 'vitest';
import { createGame, deciders, legalActions, makeRng, realise, step, Action } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import {
  ActionPayload,
  ChatPayload,
  CLIENT_PAYLOADS,
  ClientAction,
  CreateRoomPayload,
  DEFAULT_STOP_SETTINGS,
  HelloPayload,
  isUntimed,
  JoinRoomPayload,
  LIMITS,
  PassUntilPayload,
  PlayBotPayload,
  SettingsPayload,
} from '../src/index.js';

describe('payload schemas', () => {
  it('hello: a trimmed display name and an optional token', () => {
    expect(HelloPayload.parse({ name: '  Aki  ' })).toEqual({ name: 'Aki' });
    expect(HelloPayload.safeParse({ name: '   ' }).success).toBe(false);
    expect(HelloPayload.safeParse({ name: 'x'.repeat(LIMITS.nameMax + 1) }).success).toBe(false);
    expect(HelloPayload.safeParse({ name: 'Aki', token: 't'.repeat(LIMITS.tokenMax + 1) }).success).toBe(false);
    expect(HelloPayload.safeParse({ name: 'Aki', password: 'no' }).success).toBe(false);
  });

  it('create room: visibility and a bounded clock', () => {
    expect(CreateRoomPayload.safeParse({ visibility: 'public' }).success).toBe(true);
    expect(CreateRoomPayload.safeParse({ visibility: 'private', clock: { initialMs: 600_000, incrementMs: 5_000 } }).success).toBe(true);
    expect(CreateRoomPayload.safeParse({ visibility: 'secret' }).success).toBe(false);
    expect(CreateRoomPayload.safeParse({ visibility: 'public', clock: { initialMs: 1, incrementMs: 0 } }).success).toBe(false);
    expect(CreateRoomPayload.safeParse({ visibility: 'public', clock: { initialMs: 600_000, incrementMs: -1 } }).success).toBe(false);
  });

  it('untimed: only `{ untimed: true }`, for bot matches and private rooms, never public ones', () => {
    expect(CreateRoomPayload.safeParse({ visibility: 'private', clock: { untimed: true } }).success).toBe(true);
    expect(CreateRoomPayload.safeParse({ visibility: 'public', clock: { untimed: true } }).success).toBe(false);
    expect(CreateRoomPayload.safeParse({ visibility: 'private', clock: { untimed: false } }).success).toBe(false);
    expect(CreateRoomPayload.safeParse({ visibility: 'private', clock: { untimed: true, initialMs: 600_000, incrementMs: 0 } }).success).toBe(false);
    expect(PlayBotPayload.safeParse({ roster: 'raid-night', clock: { untimed: true } }).success).toBe(true);
    expect(isUntimed({ untimed: true })).toBe(true);
    expect(isUntimed({ initialMs: 600_000, incrementMs: 0 })).toBe(false);
  });

  it('join room: a room id, a roster choice and an optional seat', () => {
    expect(JoinRoomPayload.safeParse({ roomId: 'AbC_-123', roster: 'raid-night' }).success).toBe(true);
    expect(JoinRoomPayload.safeParse({ roomId: 'AbC', roster: 'v1-abc', seat: 'B' }).success).toBe(true);
    expect(JoinRoomPayload.safeParse({ roomId: '../etc', roster: 'raid-night' }).success).toBe(false);
    expect(JoinRoomPayload.safeParse({ roomId: 'AbC', roster: 'raid-night', seat: 'C' }).success).toBe(false);
    expect(JoinRoomPayload.safeParse({ roomId: 'AbC', roster: '' }).success).toBe(false);
  });

  it('chat: 1 to 300 characters after trimming', () => {
    expect(ChatPayload.safeParse({ roomId: 'r', text: 'x'.repeat(300) }).success).toBe(true);
    expect(ChatPayload.safeParse({ roomId: 'r', text: 'x'.repeat(301) }).success).toBe(false);
    expect(ChatPayload.safeParse({ roomId: 'r', text: '   ' }).success).toBe(false);
  });

  it('settings and action envelopes are strict', () => {
    expect(SettingsPayload.safeParse({ stops: DEFAULT_STOP_SETTINGS }).success).toBe(true);
    expect(SettingsPayload.safeParse({ autoPass: true }).success).toBe(false);
    expect(SettingsPayload.safeParse({ stops: DEFAULT_STOP_SETTINGS, theme: 'dark' }).success).toBe(false);
    expect(PassUntilPayload.safeParse({ roomId: 'r', mode: 'my-turn' }).success).toBe(true);
    expect(PassUntilPayload.safeParse({ roomId: 'r', mode: null }).success).toBe(true);
    expect(PassUntilPayload.safeParse({ roomId: 'r', mode: 'forever' }).success).toBe(false);
    expect(PassUntilPayload.safeParse({ roomId: 'r' }).success).toBe(false);
    const ok = { roomId: 'r', clientActionId: 'c1', seenSeq: 3, action: { type: 'pass' } };
    expect(ActionPayload.safeParse(ok).success).toBe(true);
    expect(ActionPayload.safeParse({ ...ok, seenSeq: -1 }).success).toBe(false);
    expect(ActionPayload.safeParse({ ...ok, seenSeq: 1.5 }).success).toBe(false);
    expect(ActionPayload.safeParse({ ...ok, clientActionId: '' }).success).toBe(false);
    expect(ActionPayload.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(ActionPayload.safeParse({ ...ok, action: { type: 'pass', sneaky: true } }).success).toBe(false);
    expect(ActionPayload.safeParse({ ...ok, action: { type: 'win-now' } }).success).toBe(false);
  });

  it('lists a schema for every client event', () => {
    expect(Object.keys(CLIENT_PAYLOADS).sort()).toEqual(
      [
        'hello',
        'lobby:subscribe',
        'lobby:unsubscribe',
        'match:action',
        'room:chat',
        'room:create',
        'room:join',
        'room:leave',
        'room:play-bot',
        'room:tutorial',
        'room:rematch',
        'series:sideboard',
        'room:spectate',
        'settings',
        'match:pass-until',
        'queue:join',
        'queue:leave',
        'queue:accept',
        'challenge:send',
        'challenge:answer',
        'challenge:cancel',
        'tournament:list',
        'tournament:create',
        'tournament:watch',
        'tournament:unwatch',
        'tournament:register',
        'tournament:unregister',
        'tournament:ready',
        'tournament:drop',
        'tournament:manage',
        'puzzle:daily',
        'puzzle:next',
        'puzzle:move',
        'puzzle:hint',
        'puzzle:solution',
      ].sort(),
    );
  });
});

describe('ClientAction mirrors the engine Action', () => {
  it('accepts every legal action of random games, with and without manager, and adds nothing', () => {
    const rnd = makeRng('protocol');
    const [r1, r2] = [starterRosters[0]!, starterRosters[1]!];
    let checked = 0;
    for (let g = 0; g < 3; g++) {
      const created = createGame({ seed: `p${g}`, pool: cardPool, rosters: { A: r1, B: r2 } });
      if (!created.ok) throw new Error(created.message);
      let s = created.state;
      for (let n = 0; n < 400 && s.phase !== 'game-over'; n++) {
        const who = deciders(s)[0]!;
        // Offers are answered with a random legal declaration (`realise`): that is what a client sends.
        const legal = legalActions(s, who).map((l) => realise(l, rnd));
        for (const a of legal) {
          const { manager: _m, ...bare } = a;
          const parsed = ClientAction.parse(bare);
          expect(Action.parse({ ...parsed, manager: who })).toEqual(a);
          expect(ClientAction.parse(a)).toEqual(a);
          checked++;
        }
        const pick = legal.filter((a) => a.type !== 'concede')[Math.floor(rnd() * (legal.length - 1))] ?? legal[0]!;
        const r = step(s, pick);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});
