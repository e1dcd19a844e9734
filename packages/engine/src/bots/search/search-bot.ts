/**
 * The searching bot: strongBot's answer, then, where the search has candidates to compare, the most
 * visited of them after `iterations` rollouts (root-search.ts). One worker here; hosts that want several
 * threads call `searchRoot` per worker and `mergeRoots` themselves (the same result for the same budgets).
 */
import type { Action } from '../../actions/schema.js';
import { createStrongBot } from '../strong-bot.js';
import type { Bot, BotInput } from '../types.js';
import { rootCandidates } from './candidates.js';
import { anchored } from '../experiments/anchor.js';
import { pickRoot, searchRoot, type SearchOptions } from './root-search.js';
import { searchTree } from '../experiments/turn-tree.js';

export interface SearchBotOptions extends Omit<SearchOptions, 'shouldStop'> {
  goFirst?: boolean;
  /** Called at the start of each decision for that decision's stop test (a host's wall-time budget). */
  stopper?: () => () => boolean;
  /** pickRoot's margin for leaving strongBot's own answer (0: the most visited move, whatever the margin). */
  keep?: number;
  /** Search the bot's own later decisions of this turn too (turn-tree.ts) instead of the root only. */
  tree?: boolean;
  /**
   * A baseline bot asked first (another level): its move is played unless the search's own choice beat it by
   * more than `gate` standard errors on the same deals (experiments/anchor.ts `anchored`). Root search only.
   */
  anchor?: { bot: Bot; gate: number };
  /** Search the rule-made choices too (candidates.ts `rules`): discards, pending choices, the Resource Step. */
  rules?: boolean;
}

/** The candidates of a decision (strongBot's answer first), or null when strongBot's answer stands. */
export function searchCandidates(
  input: BotInput,
  o: { goFirst?: boolean; defs?: SearchOptions['defs']; policyWeights?: SearchOptions['policyWeights']; rules?: boolean } = {},
): { strong: Action; candidates: Action[] | null } {
  const strong = createStrongBot({ goFirst: o.goFirst ?? true, ...(o.defs ? { defs: o.defs } : {}), ...(o.policyWeights ? { weights: o.policyWeights } : {}) })(
    input,
  );
  return { strong, candidates: rootCandidates(input, strong, { rules: o.rules ?? false }) };
}

export function createSearchBot(o: SearchBotOptions): Bot {
  return (input) => {
    const { strong, candidates } = searchCandidates(input, o);
    if (!candidates) return strong;
    const base = o.anchor && !o.tree ? o.anchor.bot(input) : null;
    const shouldStop = o.stopper?.();
    const search = o.tree ? searchTree : searchRoot;
    const stats = search(input, candidates, { ...o, ...(shouldStop ? { shouldStop } : {}) });
    const pick = pickRoot(stats, o.keep ?? 0);
    return base ? anchored(stats, pick, base, o.anchor!.gate) : pick;
  };
}
