/**
 * One strong-bot game of two starters, told turn by turn (a tuning aid for balance.ts):
 * `npx tsx packages/lab/bench/balance-trace.ts --first headline-scandal --second mod-squad [--seed s]`.
 * Prints each non-pass action with card names, and both managers' sanity and board at every turn start.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { createGame, deciders, legalActions, project, step, strongBot, type Action, type GameState, type ManagerId } from '@vroyale/engine';
import { flag } from './pools.js';

const firstId = flag('first') ?? starterRosters[0]!.id;
const secondId = flag('second') ?? starterRosters[1]!.id;
const seed = flag('seed') ?? 'trace';
const find = (id: string) => {
  const r = starterRosters.find((x) => x.id === id);
  if (!r) throw new Error(`no starter ${id}`);
  return r;
};
const created = createGame({ seed, pool: cardPool, rosters: { A: find(firstId), B: find(secondId) } });
if (!created.ok) throw new Error(created.message);
let s: GameState = created.state;
const name = (id: string | undefined) => (id && s.cards[id] ? (cardPool[s.cards[id]!.def]?.name ?? s.cards[id]!.def) : String(id));
const board = (m: ManagerId) => [...s.managers[m].centre, ...s.managers[m].main].map((id) => `${name(id)}${s.cards[id]!.tilted ? '*' : ''}`).join(', ');
let lastTurn = -1;
const counts: Record<string, number> = {};
for (let n = 0; n < 20_000 && s.phase !== 'game-over'; n++) {
  const who = deciders(s)[0]!;
  if (s.turn !== lastTurn) {
    lastTurn = s.turn;
    console.log(`-- turn ${s.turn} (${s.active}) sanity A ${s.managers.A.sanity} B ${s.managers.B.sanity}; A: ${board('A')} | B: ${board('B')}`);
  }
  const legal = legalActions(s, who);
  const t0 = performance.now();
  let a: Action = strongBot({ view: project(s, who), legal, seed: `${seed}:${n}:${who}` });
  const ms = performance.now() - t0;
  counts[a.type] = (counts[a.type] ?? 0) + 1;
  if (ms > 500) console.log(`   (slow: ${who} ${a.type} took ${ms.toFixed(0)} ms, phase ${s.phase}, ${legal.length} legal)`);
  if (a.type === 'choose-order') a = { type: 'choose-order', manager: who, goFirst: who === 'A' };
  if (!['pass', 'mulligan', 'choose-order'].includes(a.type)) {
    const x = a as Record<string, unknown>;
    const bits = ['card', 'source'].filter((k) => typeof x[k] === 'string').map((k) => `${k}=${name(x[k] as string)}`);
    if (a.type === 'declare-attackers') bits.push(`attackers=${a.attackers.map(name).join(',') || 'none'}`);
    if (a.type === 'declare-blocks') bits.push(`blocks=${a.blocks.map((b) => `${name(b.blocker)}>${name(b.attacker)}`).join(',') || 'none'}`);
    console.log(`   ${who} ${a.type} ${bits.join(' ')}`);
  }
  const r = step(s, a);
  if (!r.ok) throw new Error(r.message);
  s = r.state;
}
console.log(`actions by type: ${JSON.stringify(counts)}`);
console.log(
  `winner ${s.winner} (${s.winner === 'A' ? firstId : secondId}) by ${s.endReason} on turn ${s.turn}; sanity A ${s.managers.A.sanity} B ${s.managers.B.sanity}`,
);
