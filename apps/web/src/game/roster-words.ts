/**
 * A roster problem in the interface's language: English is the engine's own message, others word its data,
 * naming cards as the interface does (the data names them by id or by their English name, their identity).
 * A roster with no Centre chosen yet is asked to choose one (the engine's message would quote an empty id).
 */
import '../i18n/later-texts';
import type { CardDef, RosterProblem } from '@vroyale/engine';
import { language, t } from '../i18n';
import { cardName } from './labels';

export function rosterProblemText(p: RosterProblem, defs: Readonly<Record<string, CardDef>> = {}): string {
  if (p.say?.key === 'centre' && !p.say.card) return t('deck.problem.noCentre');
  if (language() === 'en' || !p.say) return p.message;
  const s = p.say;
  const byId = (id: string) => (defs[id] ? cardName(defs[id]) : id);
  const byName = (name: string) => {
    const d = Object.values(defs).find((c) => c.name === name);
    return d ? cardName(d) : name;
  };
  switch (s.key) {
    case 'unknown-card':
      return t('deck.problem.unknownCard', { card: byId(s.card) });
    case 'size':
      return t('deck.problem.size', { size: s.size, count: s.count });
    case 'no-leader':
      return t('deck.problem.noLeader');
    case 'token':
      return t('deck.problem.token', { name: byName(s.name) });
    case 'centre':
      return t('deck.problem.centre', { card: byId(s.card) });
    case 'sr-and-ssr':
      return t('deck.problem.srAndSsr', { name: byName(s.name) });
    case 'copies':
      return t(s.rarity === 'SR' ? (s.leader ? 'deck.problem.copiesSrLeader' : 'deck.problem.copiesSr') : 'deck.problem.copies', {
        name: byName(s.name),
        count: s.count,
        rarity: s.rarity,
        limit: s.limit,
      });
    case 'r-total':
      return t('deck.problem.rTotal', { count: s.count });
    case 'sr-total':
      return t('deck.problem.srTotal', { count: s.count });
    case 'sr-leader-total':
      return t('deck.problem.srLeaderTotal', { count: s.count });
  }
}
