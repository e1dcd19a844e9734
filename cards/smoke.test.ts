/** Complete random games with the real cards: nothing crashes and every game ends. */
import { describe, it, expect } from 'vitest';
import type { Roster } from '@vroyale/engine';
import { cardList, cardPool, demoRosters } from './index.js';
import { randomPlayout } from './random-play.js';

const byId = (id: string): Roster => demoRosters.find((r) => r.id === id)!;
const raid = byId('raid-night');
const mod = byId('mod-squad');

/** Every non-token card once: not a legal roster, but it puts each card through the engine. */
function everyCard(centre: string): Roster {
  return { centre, cards: cardList.map((c) => c.id) };
}

describe('random playouts', () => {
  for (let g = 0; g < 8; g++)
    it(`demo rosters, seed ${g}: the game ends within 5000 actions`, () => {
      const rosters = g % 2 ? { A: raid, B: mod } : { A: mod, B: raid };
      const r = randomPlayout({ seed: `demo-${g}`, pool: cardPool, rosters, maxActions: 5000 });
      expect(r.failure).toBeNull();
      expect(r.state.phase).toBe('game-over');
    });

  it('every card in the pool is played in some game without breaking the engine', () => {
    const played = new Set<string>();
    const leaders = cardList.filter((c) => c.types.includes('leader')).map((c) => c.id);
    for (let g = 0; g < 24; g++) {
      const rosters = { A: everyCard(leaders[g % leaders.length]!), B: everyCard(leaders[(g + 1) % leaders.length]!) };
      const r = randomPlayout({ seed: `pool-${g}`, pool: cardPool, rosters, unchecked: true, maxActions: 5000 });
      expect(r.failure, `seed pool-${g}`).toBeNull();
      r.played.forEach((id) => played.add(id));
    }
    expect(Object.keys(cardPool).filter((id) => !played.has(id))).toEqual([]);
  });
});
