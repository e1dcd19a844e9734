/** Complete random games with the real cards: nothing crashes and every game ends. */
import { describe, it, expect } from 'vitest';
import type { Roster } from '@vroyale/engine';
import { cardList, cardPool, demoRosters, starterRosters } from './index.js';
import { randomPlayout } from './random-play.js';

const byId = (id: string): Roster => demoRosters.find((r) => r.id === id)!;
const raid = byId('raid-night');
const mod = byId('mod-squad');

/**
 * A window of the non-token cards (wrapping round the list), plus a Centre: not a legal roster, but a few
 * dozen such games put every card through the engine. Windows rather than the whole list keep each game
 * near roster size, so it ends in a normal number of turns.
 */
const WINDOW = 40;
function windowRoster(g: number, centre: string): Roster {
  const ids = cardList.map((c) => c.id);
  const start = (g * 23) % ids.length;
  const cards = Array.from({ length: WINDOW }, (_, i) => ids[(start + i) % ids.length]!);
  return { centre, cards: cards.includes(centre) ? cards : [centre, ...cards] };
}

describe('random playouts', () => {
  // The same cap as the benches (random games are long: every phase offers priority, RUL-STACK-5).
  for (let g = 0; g < 8; g++)
    it(`demo rosters, seed ${g}: the game ends within 20000 actions`, () => {
      const rosters = g % 2 ? { A: raid, B: mod } : { A: mod, B: raid };
      const r = randomPlayout({ seed: `demo-${g}`, pool: cardPool, rosters, maxActions: 20000 });
      expect(r.failure).toBeNull();
      expect(r.state.phase).toBe('game-over');
    });

  it('every card in the pool is played in some game without breaking the engine', () => {
    const played = new Set<string>();
    const leaders = cardList.filter((c) => c.types.includes('leader')).map((c) => c.id);
    for (let g = 0; g < 48; g++) {
      const rosters = { A: windowRoster(2 * g, leaders[g % leaders.length]!), B: windowRoster(2 * g + 1, leaders[(g + 1) % leaders.length]!) };
      const r = randomPlayout({ seed: `pool-${g}`, pool: cardPool, rosters, unchecked: true, maxActions: 20000 });
      expect(r.failure, `seed pool-${g}`).toBeNull();
      r.played.forEach((id) => played.add(id));
    }
    expect(Object.keys(cardPool).filter((id) => !played.has(id))).toEqual([]);
  });
});

describe('starter rosters play complete random games', () => {
  // Every pairing, mirrors included, both seats. Token swarms make long boards: allow more actions than the demos.
  for (const [i, a] of starterRosters.entries())
    for (const b of starterRosters.slice(i))
      it(`${a.name} vs ${b.name}`, () => {
        for (let g = 0; g < 2; g++) {
          const rosters = g % 2 ? { A: b, B: a } : { A: a, B: b };
          const r = randomPlayout({ seed: `starter-${a.id}-${b.id}-${g}`, pool: cardPool, rosters, maxActions: 20000 });
          expect(r.failure, `seed ${g}`).toBeNull();
          expect(r.state.phase).toBe('game-over');
        }
      });
});
