/**
 * A roster problem in the interface's language: English is the engine's own message, others word its data.
 * A roster with no Centre chosen yet is asked to choose one (the engine's message would quote an empty id).
 */
import type { RosterProblem } from '@vroyale/engine';
import { language, t } from '../i18n';

export function rosterProblemText(p: RosterProblem): string {
  if (p.say?.key === 'centre' && !p.say.card) return t('deck.problem.noCentre');
  if (language() === 'en' || !p.say) return p.message;
  const s = p.say;
  switch (s.key) {
    case 'unknown-card':
      return t('deck.problem.unknownCard', { card: s.card });
    case 'size':
      return t('deck.problem.size', { size: s.size, count: s.count });
    case 'no-leader':
      return t('deck.problem.noLeader');
    case 'token':
      return t('deck.problem.token', { name: s.name });
    case 'centre':
      return t('deck.problem.centre', { card: s.card });
    case 'sr-and-ssr':
      return t('deck.problem.srAndSsr', { name: s.name });
    case 'copies':
      return t(s.rarity === 'SR' ? (s.leader ? 'deck.problem.copiesSrLeader' : 'deck.problem.copiesSr') : 'deck.problem.copies', { name: s.name, count: s.count, rarity: s.rarity, limit: s.limit });
    case 'r-total':
      return t('deck.problem.rTotal', { count: s.count });
    case 'sr-total':
      return t('deck.problem.srTotal', { count: s.count });
    case 'sr-leader-total':
      return t('deck.problem.srLeaderTotal', { count: s.count });
  }
}
