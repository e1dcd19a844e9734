/**
 * The bot levels people choose from: `easy` (strongBot with lapses), `normal` (strongBot), `hard` and
 * `expert` (the search, capped at 1 s and 3 s a decision on the server's threads).
 *
 * Budgets: the engine has no clock, so a level's strength is set by an iteration budget, and a host adds
 * its wall-time cap through `stopper` (the server's bot threads do: `LEVEL_MS`). The rollouts play
 * strongBot on placeholder-filled determinisations, so they are nearly deterministic: a few rollouts per
 * candidate say as much as a hundred. Hard therefore stops on its iteration budget long before its wall
 * time (tens of ms on average, docs/bots.md), and the wall cap only bounds the rare huge boards, which
 * also keeps the server's moves the ones the bench measured. Expert deals the hidden cards from the public
 * lists (the opponent's replies in its rollouts are real cards) and takes three times hard's iterations to
 * average over those deals: 52.8% against hard over 400 duplicate games (docs/bots.md), short of the 55% the
 * level is meant to reach. A horizon through its own next turn was measured weaker (43.3% of 127 games with
 * placeholders; 50 of 100 duplicate games with dealt cards, where the horizon-2 variants run on them won 55 and 56).
 * Neither did 96 iterations (78 of 147, the same as halving on those games) nor a rollout score fitted to game
 * outcomes (78 of 148; bench/eval-fit.ts).
 */
import { createEasyBot } from './easy-bot.js';
import { createSearchBot, type SearchBotOptions } from './search/search-bot.js';
import { createStrongBot } from './strong-bot.js';
import type { Bot } from './types.js';
import type { CardDef } from '../cards/schema.js';
import type { KnownDeck } from './search/hidden-deal.js';
import { DEFAULT_WEIGHTS, type EvalWeights } from './evaluate.js';

export const BOT_LEVELS = ['easy', 'normal', 'hard', 'expert'] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/** Wall time a host allows one decision of each searching level (ms). */
export const LEVEL_MS: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 1000, expert: 3000 };
/** Rollouts per decision of each searching level (per worker). */
export const LEVEL_ITERATIONS: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 16, expert: 48 };
/** Turns the rollouts look ahead (the current one counts): to the end of the next turn (3 measured weaker). */
export const LEVEL_HORIZON: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 2, expert: 2 };
/** Whether the level deals hidden cards from the public deck lists (search/hidden-deal.ts) when it is given them. */
export const LEVEL_DEALS: Record<BotLevel, boolean> = { easy: false, normal: false, hard: false, expert: true };

/**
 * Whether the level searches the choices strongBot makes by rule too (candidates.ts `rules`). Off: expert doing so
 * won 53 of the first 100 duplicate games against hard, where the other variants won 50-57 (docs/bots.md).
 */
export const LEVEL_RULES: Record<BotLevel, boolean> = { easy: false, normal: false, hard: false, expert: false };

/** Whether the level searches its own later decisions of the turn too (experiments/turn-tree.ts). */
export const LEVEL_TREE: Record<BotLevel, boolean> = { easy: false, normal: false, hard: false, expert: false };

/**
 * How each searching level spreads its iterations over the candidates (root-search.ts). Sequential halving
 * (halving.ts) was measured no better for expert: 51.7% against hard over the same 400 duplicate games.
 */
export const LEVEL_ALLOCATION: Record<BotLevel, 'ucb' | 'halving'> = { easy: 'ucb', normal: 'ucb', hard: 'ucb', expert: 'ucb' };

/** How much better (in squashed rollout score) a move must look than strongBot's own to be played instead. */
export const LEVEL_KEEP: Record<BotLevel, number> = { easy: 0, normal: 0, hard: 0, expert: 0 };

/**
 * A searching level anchored to another: it plays that level's move unless its own search shows its choice
 * better by more than `gate` paired standard errors (search-bot.ts `anchor`). `@a<gate>` in the bot bench
 * anchors expert to hard (expert's dealt rollouts are noisier than hard's). None is anchored: at gate 1 expert
 * won 51.9% of 156 duplicate games against hard, no better than unanchored (docs/bots.md).
 */
export const LEVEL_ANCHOR: Record<BotLevel, { level: BotLevel; gate: number } | null> = { easy: null, normal: null, hard: null, expert: null };

/** What a host may tell every bot: public knowledge, the same for both seats. */
export interface BotKnowledge {
  /** The public deck lists (the starters). */
  decks: readonly KnownDeck[];
  /** Definitions of every card those lists name (the card pool). */
  defs: Record<string, CardDef>;
}

export interface LevelOptions {
  goFirst?: boolean;
  /** Overrides the level's iteration budget (benches sized for time). */
  iterations?: number;
  /** Overrides the rollouts' turn horizon (experiments). */
  horizon?: number;
  stopper?: SearchBotOptions['stopper'];
  /** The public lists and card pool; used by the levels that deal (LEVEL_DEALS). */
  knowledge?: BotKnowledge;
  /** Overrides LEVEL_DEALS (experiments). */
  deal?: boolean;
  /** Overrides LEVEL_KEEP (experiments). */
  keep?: number;
  /** Overrides LEVEL_TREE (experiments). */
  tree?: boolean;
  /** Overrides LEVEL_RULES (experiments). */
  rules?: boolean;
  /** Nested search in the rollouts (root-search.ts `nested`; experiments). */
  nested?: { iterations: number; turns: number; workCap?: number; attacksOnly?: boolean };
  /** Overrides LEVEL_ALLOCATION (experiments). */
  allocation?: 'ucb' | 'halving';
  /**
   * Changes to the evaluation's weights (experiments): `normal` (strongBot) plays by them; a searching level
   * scores its rollouts with them, while the strongBot inside its rollouts keeps the defaults.
   */
  weights?: Partial<EvalWeights>;
  /** Changes to the weights the strongBot inside a searching level's rollouts plays by (experiments). */
  policyWeights?: Partial<EvalWeights>;
  /** Overrides LEVEL_ANCHOR's gate, anchoring expert to hard where the level has no anchor (experiments). */
  anchorGate?: number;
}

export function isBotLevel(x: unknown): x is BotLevel {
  return typeof x === 'string' && (BOT_LEVELS as readonly string[]).includes(x);
}

/** Experiments name only the weights they change; the rest stay the defaults. */
const withDefaults = (w: Partial<EvalWeights>): EvalWeights => ({ ...DEFAULT_WEIGHTS, ...w });

export function botForLevel(level: BotLevel, o: LevelOptions = {}): Bot {
  const goFirst = o.goFirst ?? true;
  switch (level) {
    case 'easy':
      return createEasyBot({ goFirst });
    case 'normal':
      return createStrongBot({ goFirst, ...(o.weights ? { weights: withDefaults(o.weights) } : {}) });
    case 'hard':
    case 'expert': {
      const deal = (o.deal ?? LEVEL_DEALS[level]) && o.knowledge;
      const anchorTo = LEVEL_ANCHOR[level] ?? (o.anchorGate !== undefined && level === 'expert' ? { level: 'hard' as const, gate: o.anchorGate } : null);
      const anchor = anchorTo && {
        bot: botForLevel(anchorTo.level, { goFirst, ...(o.stopper ? { stopper: o.stopper } : {}), ...(o.knowledge ? { knowledge: o.knowledge } : {}) }),
        gate: o.anchorGate ?? anchorTo.gate,
      };
      return createSearchBot({
        goFirst,
        iterations: o.iterations ?? LEVEL_ITERATIONS[level],
        horizon: o.horizon ?? LEVEL_HORIZON[level],
        ...(o.stopper ? { stopper: o.stopper } : {}),
        ...(deal ? { decks: deal.decks, defs: deal.defs } : {}),
        keep: o.keep ?? LEVEL_KEEP[level],
        tree: o.tree ?? LEVEL_TREE[level],
        rules: o.rules ?? LEVEL_RULES[level],
        ...(o.nested ? { nested: o.nested } : {}),
        allocation: o.allocation ?? LEVEL_ALLOCATION[level],
        ...(o.weights ? { weights: withDefaults(o.weights) } : {}),
        ...(o.policyWeights ? { policyWeights: withDefaults(o.policyWeights) } : {}),
        ...(anchor ? { anchor } : {}),
      });
    }
  }
}
