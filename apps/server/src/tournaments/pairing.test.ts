import { afterAll, describe, expect, it } from 'vitest';
import { createTournament, pairNextRound, reportResult, type TournamentState } from '@vroyale/tournament';
import { INLINE_PLAYERS, Pairer } from './pairing.js';

const errors: string[] = [];
const pairer = new Pairer({ info: () => {}, warn: () => {}, error: (_o: object, msg: string) => errors.push(msg) } as never);
afterAll(() => pairer.close());

function field(n: number): TournamentState {
  const c = createTournament(
    { format: 'bo1', rounds: 3, topCut: 0, seed: 7 },
    Array.from({ length: n }, (_, i) => `p${i + 1}`),
  );
  if (!c.ok) throw new Error(c.message);
  return c.state;
}

describe('pairing a round off the event loop', () => {
  it('a big field is paired on the thread, exactly as inline (also round 2, from results)', async () => {
    const n = INLINE_PLAYERS + 16;
    let s = field(n);
    for (let round = 1; round <= 2; round++) {
      const threaded = await pairer.pair(s);
      const inline = pairNextRound(s);
      expect(threaded).toEqual(inline);
      if (!threaded.ok) throw new Error(threaded.message);
      s = threaded.state;
      for (const m of s.rounds[round - 1]!.pairings)
        if (m.b !== null) {
          const r = reportResult(s, round, m.table, m.table % 3 === 0 ? { winsA: 0, winsB: 0, draws: 1 } : { winsA: 1, winsB: 0, draws: 0 });
          if (!r.ok) throw new Error(r.message);
          s = r.state;
        }
    }
    expect(errors).toEqual([]);
  }, 60_000);

  it("a refusal comes back as the package's own (a round still open)", async () => {
    const s = field(INLINE_PLAYERS + 2);
    const first = await pairer.pair(s);
    if (!first.ok) throw new Error(first.message);
    expect(await pairer.pair(first.state)).toMatchObject({ ok: false, code: 'round-open' });
  }, 60_000);
});
