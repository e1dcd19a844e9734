import { starterRosters, cardPool } from '@vroyale/cards';
import { playMatch, strongBot, withTurnOrder, type GameState } from '@vroyale/engine';
import { mineGame } from '../src/mine.js';
const cpu = () => process.cpuUsage().user / 1000;
for (let g = 0; g < Number(process.argv[2] ?? 4); g++) {
  const t0 = cpu();
  const states: GameState[] = [];
  const a = starterRosters[g % 5]!,
    b = starterRosters[(g * 2 + 1) % 5]!;
  const r = playMatch({
    seed: `exp-${g}`,
    pool: cardPool,
    rosters: { A: a, B: b },
    bots: { A: withTurnOrder(strongBot, true), B: strongBot },
    observe: (s) => states.push(s),
  });
  const t1 = cpu();
  const found = mineGame(states, {
    budget: Number(process.argv[3] ?? 3000),
    goals: ['win-this-turn', 'survive', 'clear-the-board'],
    seed: `exp-${g}`,
    bots: 'normal/normal',
  });
  console.log(
    g,
    a.id,
    b.id,
    r.turns,
    'play',
    (t1 - t0).toFixed(0),
    'mine',
    (cpu() - t1).toFixed(0),
    found.map((f) => `${f.puzzle.id} ${f.puzzle.tags} ${f.result.winningFirstMoves}/${f.result.firstMoves.length} n=${f.result.nodes} r=${f.puzzle.rating}`),
  );
}
