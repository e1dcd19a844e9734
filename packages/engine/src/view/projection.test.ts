import { describe, expect, it } from 'vitest';
import { basicPool, basicRoster } from '../../test/fixtures/basic-pool.js';
import { createGame } from '../setup/create-game.js';
import { step } from '../actions/step.js';
import { project } from './projection.js';
import { counterBatch, makeCard } from '../core/card-instance.js';
import { determinise } from '../bots/determinise.js';
import { projectEvents } from './project-events.js';

const commissionsToken = (abilities: unknown) => JSON.stringify(abilities).includes('"kind":"commission"');

function game(seed = 'seed-7f3a9q') {
  const r = createGame({ seed, pool: basicPool, rosters: { A: basicRoster(), B: basicRoster() } });
  if (!r.ok) throw new Error(r.message);
  return r;
}

describe('projection (RUL-ZONE-6)', () => {
  it('RUL-ZONE-6: hands and rosters are hidden; their sizes are public', () => {
    const { state } = game();
    const a = project(state, 'A');
    expect(a.managers.A.hand).toHaveLength(5);
    expect(a.managers.B.hand).toBeNull();
    expect(a.managers.B.handCount).toBe(5);
    expect(a.managers.B.rosterCount).toBe(24);
    const spec = project(state, 'spectator');
    expect(spec.managers.A.hand).toBeNull();
    expect(spec.managers.B.hand).toBeNull();
    const json = JSON.stringify(spec);
    for (const id of [...state.managers.A.hand, ...state.managers.B.hand, ...state.managers.A.roster, ...state.managers.B.roster])
      expect(json).not.toContain(`"${id}"`);
    expect(json).not.toContain(state.seed);
    expect(json).not.toContain(String(state.rng[0]));
  });

  it('RUL-ZONE-6: a view carries only the definitions of cards it shows (no deck list leak)', () => {
    const { state } = game();
    const b = project(state, 'B');
    const shown = new Set([...(b.managers.B.hand ?? []).map((c) => c.def), b.managers.A.backstage!.def, b.managers.B.backstage!.def]);
    const commissions = (def: string) => JSON.stringify(state.defs[def]!.abilities).includes('"commission"');
    const tokens = [...shown].some(commissions) ? ['test-token'] : [];
    expect(new Set(Object.keys(b.defs))).toEqual(new Set([...shown, ...tokens]));
  });

  it('RUL-ZONE-6: the definition of a token travels with a shown card that commissions it, and only then', () => {
    const { state } = game();
    const shownBySpectator = (s: typeof state) => Object.values(project(s, 'spectator').defs);
    expect(shownBySpectator(state).some((d) => commissionsToken(d.abilities))).toBe(false);
    expect(project(state, 'spectator').defs['test-token']).toBeUndefined();
    // Move a commissioning card from A's roster or hand to the Graduation Zone, where everyone sees it.
    const s = structuredClone(state);
    const ms = s.managers.A;
    const maker = [...ms.roster, ...ms.hand].find((id) => commissionsToken(s.defs[s.cards[id]!.def]!.abilities))!;
    for (const list of [ms.roster, ms.hand]) if (list.includes(maker)) list.splice(list.indexOf(maker), 1);
    ms.graduation.push(maker);
    s.cards[maker]!.zone = 'graduation';
    expect(project(s, 'spectator').defs['test-token']).toEqual(state.defs['test-token']);
  });

  it("RUL-TURN-4: the view carries each manager's play limit, extra-plays statics included", () => {
    const { state } = game();
    expect(project(state, 'spectator').playLimit).toEqual({ A: 3, B: 3 });
    const s = structuredClone(state);
    s.defs['busy-schedule'] = {
      id: 'busy-schedule',
      name: 'Busy Schedule',
      types: ['event'],
      rarity: 'C',
      cost: 0,
      stars: 0,
      abilities: [{ kind: 'static', effect: { kind: 'extra-plays', amount: 1 } }],
    } as (typeof s.defs)[string];
    s.cards['x1'] = makeCard('x1', 'busy-schedule', 'A', 'main');
    s.managers.A.main.push('x1');
    expect(project(s, 'B').playLimit).toEqual({ A: 4, B: 3 });
  });

  it('RUL-SETUP-2: a mulligan choice is hidden from the opponent until both have decided', () => {
    const { state } = game('mull');
    const r = step(state, { type: 'mulligan', manager: 'A', redraw: true });
    if (!r.ok) throw new Error(r.message);
    expect(project(r.state, 'B').managers.A.mulligan).toBe('decided');
    expect(project(r.state, 'A').managers.A.mulligan).toBe('redrawn');
    const toB = projectEvents(r.events, 'B');
    expect(toB.find((e) => e.t === 'mulligan-decided')).toEqual({ t: 'mulligan-decided', manager: 'A' });
    // The redraw's moves and shuffle are the redrawing manager's alone until both have decided.
    expect(toB.filter((e) => e.t === 'move' || e.t === 'shuffle')).toEqual([]);
    expect(projectEvents(r.events, 'A').filter((e) => e.t === 'move')).toHaveLength(10);
    const r2 = step(r.state, { type: 'mulligan', manager: 'B', redraw: false });
    if (!r2.ok) throw new Error(r2.message);
    expect(project(r2.state, 'B').managers.A.mulligan).toBe('redrawn');
  });

  it('RUL-ZONE-6: a drawn card shows its new id and definition to its owner only', () => {
    const { events } = game('draw');
    const draws = events.filter((e) => e.t === 'move' && e.owner === 'A');
    expect(draws).toHaveLength(5);
    const mine = projectEvents(draws, 'A');
    const theirs = projectEvents(draws, 'B');
    for (const e of mine)
      if (e.t === 'move') {
        expect(e.newId).not.toBe('');
        expect(e.card).toBe('');
      }
    for (const e of theirs) if (e.t === 'move') expect(e.newId + e.def + e.card).toBe('');
  });

  it('RUL-ZONE-3: a view shows counter totals per kind, and the batches with their producers; determinise keeps them', () => {
    const { state } = game();
    const s = structuredClone(state);
    // Two stage cards of A's: x carries a counter of its own making, then 2 of y's, then 1 without a producer.
    const [xId, yId] = s.managers.A.hand.splice(0, 2) as [string, string];
    for (const id of [xId, yId]) {
      s.cards[id]!.zone = 'main';
      s.managers.A.main.push(id);
    }
    s.cards[xId]!.counters = [counterBatch('fan', 1, xId), counterBatch('fan', 2, yId), counterBatch('hype', 1, null)];
    const v = project(s, 'B').managers.A.main.find((c) => c.id === xId)!;
    expect(v.counters).toEqual({ fan: 3, hype: 1 });
    expect(v.counterBatches).toEqual([
      { counter: 'fan', count: 1, producer: xId },
      { counter: 'fan', count: 2, producer: yId },
      { counter: 'hype', count: 1, producer: null },
    ]);
    expect(project(s, 'B').managers.A.main.find((c) => c.id === yId)!.counterBatches).toBeUndefined();
    expect(determinise(project(s, 'B'), 1).cards[xId]!.counters).toEqual(s.cards[xId]!.counters);
  });
});
