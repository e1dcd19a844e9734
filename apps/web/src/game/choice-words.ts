/**
 * A choice's prompt and options in the interface's language. The engine words them in English and also says
 * them as data (`say`); only the data is translated, with cards named by their (public) definitions.
 */
import '../i18n/later-texts';
import type { CardDef, ChoiceOption, PromptSay } from '@vroyale/engine';
import { t } from '../i18n';
import { cardName } from './labels';

type Defs = Record<string, CardDef | undefined>;
const name = (defs: Defs, id: string) => {
  const def = defs[id];
  return def ? cardName(def) : t('labels.aCard');
};

export function promptText(p: { prompt: string; say?: PromptSay }, defs: Defs): string {
  const say = p.say;
  if (!say) return p.prompt;
  switch (say.key) {
    case 'roster-search':
      return t('prompt.choice.rosterSearch');
    case 'look-at-top':
      return t('prompt.choice.lookAtTop', { count: say.count });
    case 'choose-targets':
      return t('prompt.choice.chooseTargets', { card: name(defs, say.card) });
    case 'use-ability':
      return t('prompt.choice.useAbility', { card: name(defs, say.card) });
  }
}

/** The option's words, or null where the interface names its targets itself. */
export function optionText(o: ChoiceOption, defs: Defs): string | null {
  const say = o.say;
  if (!say) return null;
  switch (say.key) {
    case 'take':
      return t('prompt.choice.take', { card: name(defs, say.card) });
    case 'take-nothing':
      return t('prompt.choice.takeNothing');
    case 'yes':
      return t('prompt.choice.yes');
    case 'no':
      return t('prompt.choice.no');
  }
}
