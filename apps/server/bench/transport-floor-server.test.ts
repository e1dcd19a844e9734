import { describe, expect, it } from 'vitest';
import { floorViews } from './transport-floor-server.js';

// The floor is only a floor if its messages weigh what the server's do: real projections of a played match.
describe('transport floor views', () => {
  const full = floorViews(1);
  const small = floorViews(1, true);

  it('are one pair per position of a played match, each manager seeing their own hand only', () => {
    expect(full.length).toBeGreaterThan(100);
    const mid = full[Math.floor(full.length / 2)]!;
    expect(mid.A.viewer).toBe('A');
    expect(mid.A.view.managers.A.hand).not.toBeNull();
    expect(mid.A.view.managers.B.hand).toBeNull();
    expect(mid.B.view.managers.B.hand).not.toBeNull();
    // Updates carry no card definitions: the server sends each viewer only those it lacks.
    expect(Object.keys(mid.A.view.defs)).toHaveLength(0);
    // Someone is always asked for an action, so the clients keep playing.
    expect(full.every((p) => p.A.legal.length + p.B.legal.length > 0)).toBe(true);
  });

  it('weigh what the server sends (a few KB), and the small ones a tenth of that or less', () => {
    const mean = (xs: { A: unknown }[]) => xs.reduce((n, p) => n + JSON.stringify(p.A).length, 0) / xs.length;
    expect(mean(full)).toBeGreaterThan(2000);
    expect(mean(small)).toBeLessThan(mean(full) / 5);
    expect(Object.keys(small[0]!.A.view).sort()).toEqual(['seq', 'viewer']);
  });
});
