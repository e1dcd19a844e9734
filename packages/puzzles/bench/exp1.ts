import { candidatesOf } from '../src/mine.js';
import { solve } from '../src/solver.js';
import { buildPuzzle } from '../src/build.js';
import { positionFromState } from '../src/from-state.js';
import { selfPlayGame } from './self-play.js';
const cpu = () => process.cpuUsage().user / 1000;
for (const g of process.argv[2]!.split(',').map(Number)) {
  const game = selfPlayGame('puzzles', g);
  const last = game.states[game.states.length - 1]!;
  console.log('game', g, game.bots, 'winner', last.winner, last.endReason, 'turn', last.turn);
  for (const c of candidatesOf(game.states, ['win-this-turn', 'survive'])) {
    const t = cpu();
    const w = positionFromState(c.state, 'x')!;
    const b = buildPuzzle('x', { position: w.position, cards: [] });
    const r = solve(b.state, c.goal, c.mover, { budget: Number(process.argv[3] ?? 2000) });
    const r0 = solve(c.state, c.goal, c.mover, { budget: Number(process.argv[3] ?? 2000) });
    if (r.verdict !== 'fail' || r0.verdict !== 'fail')
      console.log(
        c.goal,
        c.state.turn,
        c.mover,
        'opp sanity',
        c.state.managers[c.mover === 'A' ? 'B' : 'A'].sanity,
        'built',
        r.verdict,
        r.winningFirstMoves,
        '/',
        r.firstMoves.length,
        r.firstMoves.map((f) => f.verdict[0]).join(''),
        'orig',
        r0.verdict,
        r0.winningFirstMoves,
        r.nodes,
        (cpu() - t).toFixed(0),
        'ms',
      );
  }
}
