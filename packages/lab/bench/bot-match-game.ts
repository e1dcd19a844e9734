/**
 * One game of a bot match for bot-bench.ts, run inside a worker process. The schedule makes the bench
 * fair: in each block of four games the two bots play the same two starters from both seats, once with
 * X going first and once second (the turn-order answer is forced), and the blocks rotate through every
 * ordered pairing of the starters. Decision time is process CPU time around each call (robust when the
 * machine is busy) and wall time.
 */
import { DEFAULT_WEIGHTS } from '../../engine/src/bots/evaluate.js';
import {
  botForLevel,
  isBotLevel,
  other,
  playMatch,
  randomBot,
  withTurnOrder,
  type Bot,
  type BotKnowledge,
  type CardDef,
  type ManagerId,
  type Roster,
} from '@vroyale/engine';

export interface GameSpec {
  g: number;
  seed: string;
  x: string;
  y: string;
  /** Iteration budgets per searching level name (overrides the level's default). */
  iterations: Record<string, number>;
  /**
   * Duplicate games (`--paired`): games 2k and 2k+1 share the seed, the seat of each starter and the seat that
   * goes first, and only the bots swap seats, so the luck of the shuffles falls on both bots alike.
   */
  paired?: boolean;
}

export interface GameOutcome {
  g: number;
  /** 'x', 'y', 'draw' or 'failed'. */
  result: 'x' | 'y' | 'draw' | 'failed';
  failure: string | null;
  reason: string | null;
  turns: number;
  xFirst: boolean;
  pairing: string;
  cpu: { x: number[]; y: number[] };
  wall: { x: number[]; y: number[] };
}

const MAX_ACTIONS = 20_000;

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * A bot by name: a level, or a searching level with `+deal` / `-deal` (dealing hidden cards from the public
 * lists on or off, whatever the level's default) `@h<n>` (its rollouts' turn horizon) `@k<x>` (pickRoot's margin for leaving strongBot's move) `@t` (the turn tree, bots/experiments/turn-tree.ts) `@s` (sequential halving instead of UCB1 at the root) `@a<z>` (expert anchored to hard's move, left only on `z` paired standard errors of evidence) `@r` (the rule-made choices searched too) `@n<it>x<turns>[w<cap>][a]` (nested search in the rollouts: the bot's own decisions for `turns` turns searched with `it` rollouts a candidate, thrown away over `cap` simulated strongBot steps; `a`: attack declarations only) `@p(key=value;...)` (the weights the rollouts' strongBot plays by) and `@w(key=value;...)` (evaluation weights: the rollouts' score, or normal's own): experiments. Every bot is told the public knowledge (the
 * starter lists and the pool), as the server tells its bots.
 */
export function makeBot(name: string, iterations: Record<string, number>, goFirst: boolean, knowledge: BotKnowledge): Bot {
  if (name === 'random') return randomBot;
  // `@w(sanity=1.8;hand=0.5)`: the search scores its rollouts with these weights changed, normal plays by them.
  // `@p(...)` (before any `@w`): the strongBot inside a searching level's rollouts plays by them.
  const wp = /(?:@p\(([^)]*)\))?(?:@w\(([^)]*)\))?$/.exec(name)!;
  const parse = (list: string | undefined) => {
    const weights =
      list === undefined
        ? null
        : Object.fromEntries(
            list
              .split(';')
              .map((kv) => kv.split('='))
              .map(([k, v]) => [k!, Number(v)]),
          );
    if (weights && Object.entries(weights).some(([k, v]) => !(k in DEFAULT_WEIGHTS) || !Number.isFinite(v))) throw new Error(`bad weights in '${name}'`);
    return weights;
  };
  const [policyWeights, weights] = [parse(wp[1]), parse(wp[2])];
  const m = /^([a-z]+)([+-]deal)?(?:@h([1-9]))?(?:@k([0-9.]+))?(@t)?(@s)?(?:@a([0-9.]+))?(@r)?(?:@n([0-9]+)x([0-9])(?:w([0-9]+))?(a)?)?$/.exec(
    name.slice(0, wp.index),
  );
  const level = m?.[1];
  if (!isBotLevel(level))
    throw new Error(`unknown bot '${name}' (easy, normal, hard, expert or random; a searching level may add +deal or -deal, and @h<turns> for its horizon)`);
  if (m?.[7] && level !== 'expert') throw new Error(`'${name}': only expert can be anchored (@a<gate> anchors it to hard)`);
  if (weights && level === 'easy') throw new Error(`'${name}': easy plays by strongBot's own weights (@w(...) is for normal and the searching levels)`);
  if (policyWeights && level !== 'hard' && level !== 'expert') throw new Error(`'${name}': @p(...) is for a searching level's rollouts (normal takes @w(...))`);
  return botForLevel(level, {
    goFirst,
    knowledge,
    ...(m?.[2] ? { deal: m[2] === '+deal' } : {}),
    ...(m?.[3] ? { horizon: Number(m[3]) } : {}),
    ...(m?.[4] ? { keep: Number(m[4]) } : {}),
    ...(m?.[5] ? { tree: true } : {}),
    ...(m?.[6] ? { allocation: 'halving' as const } : {}),
    ...(m?.[7] ? { anchorGate: Number(m[7]) } : {}),
    ...(m?.[8] ? { rules: true } : {}),
    ...(m?.[9]
      ? { nested: { iterations: Number(m[9]), turns: Number(m[10]), ...(m[11] ? { workCap: Number(m[11]) } : {}), ...(m[12] ? { attacksOnly: true } : {}) } }
      : {}),
    ...(weights ? { weights } : {}),
    ...(policyWeights ? { policyWeights } : {}),
    ...(iterations[name] ? { iterations: iterations[name] } : {}),
  });
}

/** The two starters of game g: blocks of four games rotate through every ordered pairing. */
export function startersOf<R>(g: number, rosters: readonly R[]): [R, R] {
  const n = rosters.length;
  const pairingIndex = Math.floor(g / 4) % (n * n);
  return [rosters[pairingIndex % n]!, rosters[Math.floor(pairingIndex / n) % n]!];
}

export function playGame(spec: GameSpec, pool: Record<string, CardDef>, rosters: (Roster & { id?: string })[]): GameOutcome {
  const { g } = spec;
  const [first, second] = startersOf(g, rosters);
  const xSeat: ManagerId = g % 2 === 0 ? 'A' : 'B';
  // Paired: seat A always holds the block's first starter and A goes first in the block's first pair, so
  // game 2k+1 is game 2k with the bots swapped. Otherwise X keeps its starter and goes first in half the block.
  const swap = spec.paired === true && xSeat === 'B';
  const xRoster = swap ? second : first;
  const yRoster = swap ? first : second;
  const xFirst = spec.paired ? g % 4 < 2 === (xSeat === 'A') : g % 4 < 2;
  const seed = spec.paired ? `${spec.seed}-p${g >> 1}` : `${spec.seed}-${g}`;
  const cpu = { x: [] as number[], y: [] as number[] };
  const wall = { x: [] as number[], y: [] as number[] };
  const timed =
    (bot: Bot, side: 'x' | 'y'): Bot =>
    (input) => {
      const c = cpuMs();
      const w = performance.now();
      const a = bot(input);
      wall[side].push(performance.now() - w);
      cpu[side].push(cpuMs() - c);
      return a;
    };
  const knowledge: BotKnowledge = { decks: rosters, defs: pool };
  const bots = {
    [xSeat]: withTurnOrder(timed(makeBot(spec.x, spec.iterations, xFirst, knowledge), 'x'), xFirst),
    [other(xSeat)]: withTurnOrder(timed(makeBot(spec.y, spec.iterations, !xFirst, knowledge), 'y'), !xFirst),
  } as Record<ManagerId, Bot>;
  const r = playMatch({ seed, pool, rosters: { [xSeat]: xRoster, [other(xSeat)]: yRoster } as Record<ManagerId, Roster>, bots, maxActions: MAX_ACTIONS });
  const result = r.failure ? 'failed' : r.winner === xSeat ? 'x' : r.winner === 'draw' || r.winner === null ? 'draw' : 'y';
  return {
    g,
    result,
    failure: r.failure,
    reason: r.reason,
    turns: r.turns,
    xFirst,
    pairing: `${xRoster.id ?? xRoster.centre} v ${yRoster.id ?? yRoster.centre}`,
    cpu,
    wall,
  };
}
