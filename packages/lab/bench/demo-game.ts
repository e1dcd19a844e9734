/**
 * One random game, told for humans: `npx tsx packages/lab/bench/demo-game.ts [--seed demo] [--pool fixture]`.
 * Both managers play uniformly random legal actions (no conceding, star payment left automatic); the log shows
 * each turn with its phases, then plays, star cards, attacks and blocks, damage, graduations, sanity and the
 * result, from the events the engine returns.
 */
import { createGame, deciders, legalActions, makeRng, realise, step, type GameEvent, type GameState, type ManagerId } from '@vroyale/engine';
import { flag, loadPool } from './pools.js';

const PHASE: Record<string, string> = {
  start: 'start',
  resource: 'resource',
  main: 'main',
  'combat-attack': 'combat',
  'combat-block': 'blocks',
  resolution: 'resolution',
  end: 'end',
};

async function main(): Promise<void> {
  const seed = flag('seed') ?? 'demo';
  const pool = await loadPool(flag('pool') === 'fixture' ? 'fixture' : 'cards');
  const rnd = makeRng(seed);
  const rosters = { A: pool.rosters[0]!, B: pool.rosters[pool.rosters.length > 1 ? 1 : 0]! };
  const created = createGame({ seed, pool: pool.pool, rosters });
  if (!created.ok) throw new Error(created.message);
  let s: GameState = created.state;

  const defOfId = new Map<string, string>();
  for (const id in s.cards) defOfId.set(id, s.cards[id]!.def);
  const name = (id: string) => {
    const d = s.cards[id]?.def ?? defOfId.get(id);
    return d ? (s.defs[d]?.name ?? d) : id;
  };
  const label = (r: unknown) => (r && typeof r === 'object' && 'name' in r ? String((r as { name: unknown }).name) : (r as { centre: string }).centre);
  console.log(`VRoyale demo game — seed '${seed}', ${pool.name.split(' (')[0]} pool`);
  console.log(`A: ${label(rosters.A)} (Centre ${s.defs[rosters.A.centre]?.name})   B: ${label(rosters.B)} (Centre ${s.defs[rosters.B.centre]?.name})`);

  let lines: string[] = [];
  let phases: string[] = [];
  let header = '';
  /** One turn: a header, then its happenings as a wrapped paragraph. */
  const flush = () => {
    if (header) console.log(`${header}  [${phases.join(' → ')}]`);
    let row = '  ';
    lines.forEach((l, i) => {
      const item = l + (i < lines.length - 1 ? ';' : '.');
      if (row.length + item.length > 110 && row.trim()) {
        console.log(row);
        row = '  ';
      }
      row += ` ${item}`;
    });
    if (row.trim()) console.log(row);
    lines = [];
    phases = [];
  };
  const sanity = () => `sanity A ${s.managers.A.sanity}, B ${s.managers.B.sanity}`;

  const tell = (e: GameEvent, before: GameState) => {
    switch (e.t) {
      case 'mulligan-decided':
        lines.push(`${e.manager} ${e.redraw ? 'redraws the opening hand' : 'keeps the opening hand'}`);
        break;
      case 'coin':
        lines.push(`coin flip: ${e.winner} wins`);
        break;
      case 'order':
        lines.push(`${e.first} goes first`);
        break;
      case 'turn':
        flush();
        header = `Turn ${e.turn} — ${e.active}  (${sanity()})`;
        break;
      case 'phase':
        if (PHASE[e.phase] && phases[phases.length - 1] !== PHASE[e.phase]) phases.push(PHASE[e.phase]!);
        break;
      case 'move': {
        if (e.newId) defOfId.set(e.newId, e.def);
        const n = e.def ? (s.defs[e.def]?.name ?? e.def) : 'a card';
        if (e.to === 'star-pool') lines.push(`${e.owner} places ${n} as a star card`);
        else if ((e.to === 'main' || e.to === 'centre') && e.from === 'token-gone') lines.push(`${e.owner} commissions a ${n} token`);
        else if ((e.to === 'main' || e.to === 'centre') && (e.from === 'hand' || e.from === 'backstage'))
          lines.push(`${e.owner} debuts ${n}${e.from === 'backstage' ? ' (the Centre)' : ''}`);
        else if (e.to === 'stack') lines.push(`${e.owner} plays the highlight ${n}`);
        else if (e.to === 'graduation' && (e.from === 'main' || e.from === 'centre')) lines.push(`${n} (${e.owner}) graduates`);
        else if (e.to === 'graduation' && e.from === 'hand' && before.pending?.kind === 'discard') lines.push(`${e.owner} discards ${n} (hand limit)`);
        else if (e.to === 'token-gone' && e.from !== 'token-gone') lines.push(`${n} token (${e.owner}) leaves the game`);
        else if (e.to === 'hiatus') lines.push(`${n} (${e.owner}) goes on hiatus`);
        else if (e.from === 'hiatus' && (e.to === 'main' || e.to === 'centre')) lines.push(`${n} (${e.owner}) returns from hiatus`);
        else if (e.to === 'hand' && (e.from === 'main' || e.from === 'centre' || e.from === 'graduation')) lines.push(`${n} returns to ${e.owner}'s hand`);
        break;
      }
      case 'attackers':
        if (e.attackers.length) lines.push(`attacks with ${e.attackers.map(name).join(', ')}`);
        break;
      case 'blockers':
        lines.push(e.blocks.length ? `blocks: ${e.blocks.map((b) => `${name(b.blocker)} blocks ${name(b.attacker)}`).join('; ')}` : 'no blocks');
        break;
      case 'damage':
        lines.push(`${name(e.card)} takes ${e.amount} ${e.combat ? 'combat ' : ''}damage`);
        break;
      case 'sanity':
        lines.push(`${e.manager} ${e.delta < 0 ? 'loses' : 'gains'} ${Math.abs(e.delta)} sanity (${e.reason}) → ${e.now}`);
        break;
      case 'stack-resolve':
        if (e.fizzled) lines.push('an item on the stack fizzles (no legal target left)');
        break;
      case 'game-over':
        flush();
        header = '';
        console.log(`\nGame over: ${e.winner === 'draw' ? 'a draw' : `${e.winner} wins`} by ${e.reason}. ${sanity()}.`);
        break;
      default:
        break;
    }
  };

  for (const e of created.events) tell(e, s);
  let actions = 0;
  while (s.phase !== 'game-over' && actions < 20_000) {
    const who: ManagerId = deciders(s)[0]!;
    const options = legalActions(s, who).filter((a) => a.type !== 'concede' && a.type !== 'tilt-star');
    // A declaration is offered, not listed: answered with a uniformly random legal one.
    const a = realise(options[Math.floor(rnd() * options.length)]!, rnd);
    const r = step(s, a);
    if (!r.ok) throw new Error(`listed action rejected: ${r.code}: ${r.message}`);
    const before = s;
    s = r.state;
    for (const e of r.events) tell(e, before);
    actions++;
  }
  flush();
  console.log(`${actions} actions, ${s.turn} turns.`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
