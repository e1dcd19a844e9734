/** What each stop, one-shot and full control does, window by window (docs/auto-pass.md). */
import { describe, expect, it } from 'vitest';
import { createGame, project, type GameView, type ManagerId, type Phase, type StackItem } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { DEFAULT_STOP_SETTINGS, OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type StopSettings } from '@vroyale/protocol';
import { planDecision } from './plan-decision.js';

const created = createGame({ seed: 'plan', pool: cardPool, rosters: { A: starterRosters[0]!, B: starterRosters[1]! } });
if (!created.ok) throw new Error(created.message);
const base = project(created.state, 'spectator');

const item = (controller: ManagerId): StackItem & { card: null } => ({
  id: 's1',
  controller,
  source: 'c1',
  sourceDef: 'x',
  kind: 'highlight',
  ability: 0,
  targets: [],
  card: null,
});

/** A spectator view at `phase` of A's turn, B or A holding priority as the phase has it. */
function at(
  phase: Phase,
  o: { priority?: ManagerId | null; stack?: ManagerId[]; attackers?: string[]; blocks?: number; starPlaced?: boolean; hand?: number } = {},
): GameView {
  const declaring = phase === 'combat-attack' || phase === 'combat-block';
  return {
    ...base,
    phase,
    active: 'A',
    priority: o.priority !== undefined ? o.priority : declaring ? null : 'A',
    pending: null,
    stack: (o.stack ?? []).map(item),
    combat: { attackers: o.attackers ?? [], blocks: Array.from({ length: o.blocks ?? 0 }, () => ({ blocker: 'b', attacker: 'a' })), blocked: [] },
    starPlaced: o.starPlaced ?? false,
    managers: { ...base.managers, A: { ...base.managers.A, handCount: o.hand ?? 5 } },
  };
}

const set = (patch: {
  own?: Partial<StopSettings['own']>;
  opponent?: Partial<StopSettings['opponent']>;
  opponentStack?: boolean;
  fullControl?: boolean;
}): StopSettings => ({
  own: { ...DEFAULT_STOP_SETTINGS.own, ...patch.own },
  opponent: { ...DEFAULT_STOP_SETTINGS.opponent, ...patch.opponent },
  opponentStack: patch.opponentStack ?? DEFAULT_STOP_SETTINGS.opponentStack,
  fullControl: patch.fullControl ?? DEFAULT_STOP_SETTINGS.fullControl,
});
const D = DEFAULT_STOP_SETTINGS;

describe('planDecision', () => {
  it('with the defaults: asks in own Main Step and to declare; passes the opponent through their Main Step', () => {
    expect(planDecision(at('main'), 'A', D, null)).toBe('ask');
    expect(planDecision(at('main', { priority: 'B' }), 'B', D, null)).toBe('pass');
    expect(planDecision(at('combat-attack'), 'A', D, null)).toBe('ask');
    expect(planDecision(at('combat-attack-window', { priority: 'B' }), 'B', D, null)).toBe('ask');
    expect(planDecision(at('combat-block'), 'B', D, null)).toBe('ask');
    expect(planDecision(at('combat-block-window'), 'A', D, null)).toBe('pass');
    expect(planDecision(at('start'), 'A', D, null)).toBe('pass');
    expect(planDecision(at('end'), 'A', D, null)).toBe('pass');
  });

  it("asks whenever the opponent's item tops the stack (opponentStack), not for one's own", () => {
    expect(planDecision(at('main', { priority: 'B', stack: ['A'] }), 'B', D, null)).toBe('ask');
    expect(planDecision(at('main', { priority: 'B', stack: ['A'] }), 'B', set({ opponentStack: false }), null)).toBe('pass');
    expect(planDecision(at('end', { priority: 'A', stack: ['B', 'A'] }), 'A', D, null)).toBe('pass');
  });

  it('passes over its own item on top of the stack even where a window stop applies (Arena), except under full control', () => {
    expect(planDecision(at('main', { priority: 'A', stack: ['A'] }), 'A', D, null)).toBe('pass');
    expect(planDecision(at('main', { priority: 'A', stack: ['B', 'A'] }), 'A', D, null)).toBe('pass');
    expect(planDecision(at('main', { priority: 'A', stack: ['A', 'B'] }), 'A', D, null)).toBe('ask');
    expect(planDecision(at('main', { priority: 'A', stack: ['A'] }), 'A', set({ fullControl: true }), null)).toBe('ask');
  });

  it('own Resource Step: only while a star card can still be placed (none placed, a card in hand)', () => {
    expect(planDecision(at('resource'), 'A', D, null)).toBe('ask');
    expect(planDecision(at('resource', { starPlaced: true }), 'A', D, null)).toBe('pass');
    expect(planDecision(at('resource', { hand: 0 }), 'A', D, null)).toBe('pass');
    expect(planDecision(at('resource'), 'A', set({ own: { resource: false } }), null)).toBe('pass');
    // The opponent's resource stop has no such condition (their own star is not theirs to place).
    expect(planDecision(at('resource', { priority: 'B', starPlaced: true }), 'B', set({ opponent: { resource: true } }), null)).toBe('ask');
  });

  it('every window stop switches its own window, on the right turn', () => {
    const phaseOf = {
      start: 'start',
      resource: 'resource',
      main: 'main',
      'after-attackers': 'combat-attack-window',
      'after-blocks': 'combat-block-window',
      resolution: 'resolution',
    } as const;
    for (const w of Object.keys(phaseOf) as (keyof typeof phaseOf)[]) {
      expect(planDecision(at(phaseOf[w]), 'A', set({ own: { ...offAll('own'), [w]: true } }), null)).toBe('ask');
      expect(planDecision(at(phaseOf[w]), 'A', set({ own: offAll('own') }), null)).toBe('pass');
      expect(planDecision(at(phaseOf[w], { priority: 'B' }), 'B', set({ opponent: { ...offAll('opponent'), [w]: true } }), null)).toBe('ask');
      expect(planDecision(at(phaseOf[w], { priority: 'B' }), 'B', set({ opponent: offAll('opponent') }), null)).toBe('pass');
    }
  });

  it('declarations without a stop are declared empty; never for the other manager', () => {
    const off = set({ own: { 'declare-attackers': false }, opponent: { 'declare-blocks': false } });
    expect(planDecision(at('combat-attack'), 'A', off, null)).toBe('declare-nothing');
    expect(planDecision(at('combat-block'), 'B', off, null)).toBe('declare-nothing');
    const on = set({ own: { 'declare-attackers': true }, opponent: { 'declare-blocks': true } });
    expect(planDecision(at('combat-attack'), 'A', on, null)).toBe('ask');
    expect(planDecision(at('combat-block'), 'B', on, null)).toBe('ask');
    expect(planDecision(at('combat-attack'), 'B', off, null)).toBe('ask');
    expect(planDecision(at('combat-block'), 'A', off, null)).toBe('ask');
  });

  it('full control asks at every priority and every declaration', () => {
    const full = set({ own: offAll('own'), opponent: offAll('opponent'), opponentStack: false, fullControl: true });
    for (const p of ['start', 'resource', 'main', 'combat-attack-window', 'combat-block-window', 'resolution', 'end'] as const) {
      expect(planDecision(at(p), 'A', full, null)).toBe('ask');
      expect(planDecision(at(p, { priority: 'B' }), 'B', full, null)).toBe('ask');
    }
    expect(planDecision(at('combat-attack'), 'A', full, null)).toBe('ask');
    expect(planDecision(at('combat-block'), 'B', full, null)).toBe('ask');
  });

  it('a one-shot passes every priority window, stops and opponent items included; declarations keep their stops', () => {
    for (const mode of ['my-turn', 'something-happens'] as const) {
      expect(planDecision(at('main'), 'A', D, mode)).toBe('pass');
      expect(planDecision(at('main', { priority: 'B', stack: ['A'] }), 'B', set({ fullControl: true }), mode)).toBe('pass');
      expect(planDecision(at('combat-attack'), 'A', D, mode)).toBe('ask');
      expect(planDecision(at('combat-block'), 'B', D, mode)).toBe('ask');
    }
  });

  it('pending decisions and the setup phases always ask; a view with a hand is refused', () => {
    const off = set({ own: offAll('own'), opponent: offAll('opponent'), opponentStack: false });
    expect(planDecision({ ...at('end'), pending: { kind: 'discard', manager: 'A', count: 1 } }, 'A', off, 'my-turn')).toBe('ask');
    expect(planDecision({ ...at('main'), phase: 'mulligan' }, 'A', off, 'my-turn')).toBe('ask');
    expect(planDecision({ ...at('main'), phase: 'turn-order' }, 'A', off, 'my-turn')).toBe('ask');
    expect(() => planDecision({ ...at('main'), viewer: 'A' }, 'A', D, null)).toThrow(/spectator/);
  });
});

function offAll<T extends 'own' | 'opponent'>(turn: T): StopSettings[T] {
  const ws = turn === 'own' ? OWN_TURN_WINDOWS : OPPONENT_TURN_WINDOWS;
  return Object.fromEntries(ws.map((w) => [w, false])) as StopSettings[T];
}
