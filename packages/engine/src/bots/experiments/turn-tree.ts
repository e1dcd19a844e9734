/**
 * The search with a tree over the bot's own decisions of the current turn (expert). root-search.ts judges a
 * root move by what strongBot does after it; here the moves after it in the same turn are searched too, so a
 * play that is only good with the right follow-up (a cheap character first, then the card that boosts it; an
 * attack that needs the trick after blocks) is found, and the root move is judged by its best line, not by
 * strongBot's.
 *
 * Only the bot's own decisions get nodes (information-set MCTS over one player's moves): the opponent's
 * decisions inside the turn are played by the rollout policy, and the tree stops where the turn ends. With
 * placeholder determinisations the bot's own turn is nearly deterministic, so a node's candidates are the same
 * on every visit; where a determinisation differs (a random effect, a deal), a node's children are the union
 * of what its visits offered, and UCB only picks among the ones this determinisation allows (availability
 * counts, Cowling, Powley and Whitehouse 2012).
 *
 * Same contract as searchRoot: deterministic for (input, seed, worker, iterations), root statistics out.
 */
import type { Action } from '../../actions/schema.js';
import { deciders } from '../../actions/deciders.js';
import { legalActions } from '../../actions/legal-actions.js';
import { stepInPlace } from '../../actions/step.js';
import { shareState } from '../../core/own.js';
import { makeRng, seedRng } from '../../core/rng.js';
import type { GameState, ManagerId } from '../../core/types.js';
import { project } from '../../view/projection.js';
import { determinise } from '../determinise.js';
import { DEFAULT_WEIGHTS } from '../evaluate.js';
import { createStrongBot } from '../strong-bot.js';
import type { BotInput } from '../types.js';
import { keyOf, rootCandidates } from '../search/candidates.js';
import { dealHidden, hiddenCards } from '../search/hidden-deal.js';
import type { RootStats, SearchOptions } from '../search/root-search.js';
import { rollout, strongPolicy } from '../search/rollout.js';

/** Own decisions below the root that get nodes; deeper ones are the rollout's. */
const MAX_DEPTH = 4;
const CHECK_EVERY = 8;
const SCALE = 20;
const squash = (x: number): number => x / (Math.abs(x) + SCALE);

interface Node {
  children: Map<string, Child>;
}
interface Child {
  action: Action;
  visits: number;
  total: number;
  /** How many visits of the parent could have picked this child (availability). */
  avail: number;
  node?: Node;
}

export function searchTree(input: BotInput, candidates: Action[], o: SearchOptions, worker = 0): RootStats {
  const viewer = input.view.viewer;
  if (viewer === 'spectator') throw new Error('searchTree: spectators do not decide');
  const me: ManagerId = viewer;
  const seed = `${input.seed}:w${worker}`;
  const base = determinise(input.view, seed, o.defs);
  const rng = makeRng(`${seed}:policy`);
  const c = o.exploration ?? 0.6;
  const rootTurn = input.view.turn;
  const untilTurn = rootTurn + (o.horizon ?? 2);
  const weights = o.weights ?? DEFAULT_WEIGHTS;
  const hidden = o.decks ? hiddenCards(input.view, o.decks) : [];
  const strong = createStrongBot({ goFirst: true, ...(o.defs ? { defs: o.defs } : {}), ...(o.policyWeights ? { weights: o.policyWeights } : {}) });
  const player = o.policyWeights ? { player: createStrongBot({ weights: o.policyWeights }) } : {};
  const root: Node = { children: new Map(candidates.map((a) => [keyOf(a), { action: a, visits: 0, total: 0, avail: 0 }])) };
  const rootKeys = candidates.map(keyOf);
  let iterations = 0;
  for (let i = 0; i < o.iterations; i++) {
    if (o.shouldStop && i >= candidates.length && (i - candidates.length) % CHECK_EVERY === 0 && o.shouldStop()) break;
    const sim = shareState(base);
    // The root child is picked first, so its visit count can key the deal: common random numbers as in searchRoot.
    const first = pick(root, rootKeys, c);
    sim.rng = seedRng(hidden.length > 0 ? `${seed}:v${first.visits}` : `${seed}:${i}`);
    if (hidden.length > 0) dealHidden(sim, hidden, makeRng(`${seed}:deal:${first.visits}`));
    const path: Child[] = [first];
    let r: number;
    try {
      r = stepInPlace(sim, first.action).ok ? descend(sim, first, path) : -1;
    } catch {
      r = -1; // a position the simulation cannot follow counts against the line that led to it
    }
    for (const ch of path) {
      ch.visits++;
      ch.total += r;
    }
    iterations++;
  }
  const kids = rootKeys.map((k) => root.children.get(k)!);
  return { keys: rootKeys, actions: candidates, visits: kids.map((k) => k.visits), totals: kids.map((k) => k.total), iterations };

  /** Walks own decisions of this turn through the tree, adds one node, then rolls out. */
  function descend(sim: GameState, from: Child, path: Child[]): number {
    let at = from;
    for (let step = 0; step < 400; step++) {
      if (sim.phase === 'game-over' || sim.turn !== rootTurn) break;
      const who = deciders(sim)[0];
      if (!who) break;
      if (who !== me) {
        const a = strongPolicy(sim, who, rng, step);
        if (!a || !stepInPlace(sim, a).ok) break;
        continue;
      }
      if (path.length > MAX_DEPTH || at.visits === 0) break; // a new line: the rollout plays it from here
      const options = ownOptions(sim, me, step);
      if (!options) break;
      if (options.length === 1) {
        if (!stepInPlace(sim, options[0]!).ok) break;
        continue;
      }
      const node = (at.node ??= { children: new Map() });
      const keys = options.map((a) => {
        const k = keyOf(a);
        if (!node.children.has(k)) node.children.set(k, { action: a, visits: 0, total: 0, avail: 0 });
        return k;
      });
      const next = pick(node, keys, c);
      if (!stepInPlace(sim, next.action).ok) return -1;
      path.push(next);
      at = next;
    }
    return squash(rollout(sim, me, rng, { untilTurn, weights, policy: o.policy ?? 'strong', ...player }));
  }

  /** This decision's candidates (strongBot's answer first), or its one sensible action. */
  function ownOptions(sim: GameState, who: ManagerId, step: number): Action[] | null {
    const legal = legalActions(sim, who);
    const input: BotInput = { view: project(sim, who), legal, seed: `${seed}:t${step}` };
    const answer = strong(input);
    return rootCandidates(input, answer) ?? [answer];
  }
}

/** UCB1 among the children this determinisation offers (unvisited first, in listed order). */
function pick(node: Node, keys: string[], c: number): Child {
  const kids = keys.map((k) => node.children.get(k)!);
  const fresh = kids.find((k) => k.visits === 0);
  for (const k of kids) k.avail++;
  if (fresh) return fresh;
  let best = kids[0]!;
  let top = -Infinity;
  for (const k of kids) {
    // Earlier visits that could have picked this child; at the root that is every iteration, as in searchRoot.
    const u = k.total / k.visits + c * Math.sqrt(Math.log(k.avail - 1) / k.visits);
    if (u > top) [best, top] = [k, u];
  }
  return best;
}
