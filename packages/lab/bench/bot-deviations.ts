/**
 * Where a searching level leaves strongBot's move: `npm run bench:bots:deviations -- [--level expert]
 * [--deck fan-club-frenzy] [--games 10]`. The level plays `--deck` against hard (every other starter in turn,
 * seats and first player alternating, seeds `dev-<g>`); at each of its decisions strongBot's answer to the same
 * input is computed too, and the two are tallied by phase, kind of move and card (attack declarations also by
 * how they differ: none, everyone, one fewer or one more). A diagnostic for docs/bots.md, not a strength figure:
 * the games are unpaired. Last line: JSON.
 */
import { cardPool, starterRosters } from '@vroyale/cards';
import { keyOf } from '../../engine/src/bots/search/candidates.js';
import {
  botForLevel,
  createStrongBot,
  isBotLevel,
  other,
  playMatch,
  withTurnOrder,
  type Action,
  type Bot,
  type BotInput,
  type CardDef,
  type ManagerId,
  type Roster,
} from '@vroyale/engine';
import { flag } from './pools.js';

const rosters = starterRosters as unknown as (Roster & { id: string })[];
const pool = cardPool as Record<string, CardDef>;

/** The definition of a card the view shows (any zone), else its id. */
function defOf(input: BotInput, id: string): string {
  for (const m of ['A', 'B'] as const) {
    const mv = input.view.managers[m];
    for (const z of [mv.hand ?? [], mv.centre, mv.main, mv.starPool, mv.backstage ? [mv.backstage] : []]) {
      const c = z.find((x) => x.id === id);
      if (c) return c.def;
    }
  }
  return id;
}

function label(input: BotInput, a: Action, s: Action): string {
  const card = 'card' in a && typeof a.card === 'string' ? defOf(input, a.card) : '';
  let how = '';
  if (a.type === 'declare-attackers' && s.type === 'declare-attackers' && keyOf(a) !== keyOf(s)) {
    const offer = input.legal.find((l) => l.type === 'choose-attackers');
    const all = offer && 'eligible' in offer ? offer.eligible.length : -1;
    how = a.attackers.length === 0 ? 'none' : a.attackers.length === all ? 'everyone' : a.attackers.length < s.attackers.length ? 'fewer' : 'more';
  }
  return `${input.view.phase} ${a.type} ${card} ${how}`.replace(/\s+/g, ' ').trim();
}

const level = flag('level') ?? 'expert';
const deck = flag('deck') ?? 'fan-club-frenzy';
const games = Number(flag('games') ?? 10);
if (!isBotLevel(level)) throw new Error(`--level: '${level}' is not a bot level`);
const mine = rosters.find((r) => r.id === deck);
if (!mine) throw new Error(`--deck: '${deck}' is not a starter (${rosters.map((r) => r.id).join(', ')})`);
const tally = new Map<string, { decisions: number; left: number }>();
let wins = 0;
for (let g = 0; g < games; g++) {
  const theirs = rosters[g % rosters.length]!;
  const seat: ManagerId = g % 2 ? 'B' : 'A';
  const goFirst = (g >> 1) % 2 === 0;
  const knowledge = { decks: rosters, defs: pool };
  const search = botForLevel(level, { goFirst, knowledge });
  const strong = createStrongBot({ goFirst });
  const watched: Bot = (input) => {
    const a = search(input);
    const s = strong(input);
    const move = label(input, a, s);
    const t = tally.get(move) ?? { decisions: 0, left: 0 };
    t.decisions++;
    if (keyOf(a) !== keyOf(s)) t.left++;
    tally.set(move, t);
    return a;
  };
  const bots = {
    [seat]: withTurnOrder(watched, goFirst),
    [other(seat)]: withTurnOrder(botForLevel('hard', { goFirst: !goFirst, knowledge }), !goFirst),
  } as Record<ManagerId, Bot>;
  const decks = { [seat]: mine, [other(seat)]: theirs } as unknown as Record<ManagerId, Roster>;
  const r = playMatch({ seed: `dev-${g}`, pool, rosters: decks, bots, maxActions: 20_000 });
  if (r.winner === seat) wins++;
  console.log(`game ${g}: ${deck} v ${theirs.id}, ${level} ${r.winner === seat ? 'won' : 'lost'} in ${r.turns} turns`);
}
const rows = [...tally].map(([move, t]) => ({ move, ...t })).sort((a, b) => b.left - a.left);
for (const r of rows.filter((x) => x.left > 0)) console.log(`${String(r.left).padStart(5)} of ${String(r.decisions).padEnd(5)} ${r.move}`);
const sum = (f: (x: (typeof rows)[number]) => boolean) => rows.filter(f).reduce((a, x) => [a[0]! + x.left, a[1]! + x.decisions], [0, 0]);
console.log(
  JSON.stringify({
    level,
    deck,
    games,
    wins,
    left: sum(() => true),
    attacks: sum((x) => x.move.includes('declare-attackers')),
    blocks: sum((x) => x.move.includes('declare-blocks')),
    activations: sum((x) => x.move.includes(' activate')),
    plays: sum((x) => x.move.includes(' play ')),
  }),
);
