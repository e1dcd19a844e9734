/**
 * A side-deck swap's problem (the engine's `validateSwap`: PR-22 and the RUL-DECK rules) in the interface's language:
 * English is the engine's own message, other languages word its data (`say`), naming cards as the interface does.
 * A roster problem the swap would cause is worded by game/roster-words.ts.
 */
import '../i18n/later-texts';
import type { CardDef, RosterProblem, SideDeckProblem } from '@vroyale/engine';
import { language, t } from '../i18n';
import { cardName } from './labels';
import { rosterProblemText } from './roster-words';

const SIDE_KEYS = new Set<string>([
  'side-size',
  'side-token',
  'side-copies',
  'side-sr-and-ssr',
  'side-r-total',
  'side-sr-total',
  'side-sr-leader-total',
  'swap-uneven',
  'swap-not-in-roster',
  'swap-not-in-side',
  'swap-same-card',
  'swap-centre',
]);

const isSideProblem = (p: SideDeckProblem | RosterProblem): p is SideDeckProblem => !!p.say && SIDE_KEYS.has(p.say.key);

export function swapProblemText(p: SideDeckProblem | RosterProblem, defs: Readonly<Record<string, CardDef>> = {}): string {
  if (!isSideProblem(p)) return rosterProblemText(p as RosterProblem, defs);
  if (language() === 'en') return p.message;
  const byName = (name: string) => {
    const d = Object.values(defs).find((c) => c.name === name);
    return d ? cardName(d) : name;
  };
  const s = p.say;
  switch (s.key) {
    case 'side-size':
      return t('series.problem.sideSize', { max: s.max, count: s.count });
    case 'side-token':
      return t('series.problem.sideToken', { name: byName(s.name) });
    case 'side-copies':
      return t(s.rarity === 'SR' ? (s.leader ? 'series.problem.sideCopiesSrLeader' : 'series.problem.sideCopiesSr') : 'series.problem.sideCopies', {
        name: byName(s.name),
        count: s.count,
        rarity: s.rarity,
        limit: s.limit,
      });
    case 'side-sr-and-ssr':
      return t('series.problem.sideSrAndSsr', { name: byName(s.name) });
    case 'side-r-total':
      return t('series.problem.sideRTotal', { count: s.count });
    case 'side-sr-total':
      return t('series.problem.sideSrTotal', { count: s.count });
    case 'side-sr-leader-total':
      return t('series.problem.sideSrLeaderTotal', { count: s.count });
    case 'swap-uneven':
      return t('series.problem.swapUneven', { out: s.out, in: s.in });
    case 'swap-not-in-roster':
      return t('series.problem.swapNotInRoster', { name: byName(s.name), count: s.count });
    case 'swap-not-in-side':
      return t('series.problem.swapNotInSide', { name: byName(s.name), count: s.count });
    case 'swap-same-card':
      return t('series.problem.swapSameCard', { name: byName(s.name) });
    case 'swap-centre':
      return t('series.problem.swapCentre', { name: byName(s.name) });
    default:
      return p.message;
  }
}
