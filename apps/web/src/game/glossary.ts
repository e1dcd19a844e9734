/**
 * Keyword explanations, from the rules' In-Combat Effect Glossary (shared/rules/VROYALE-RULES.md), type names
 * and zone explanations, in the interface's language (i18n/<lang>/glossary.json). Functions, not constants:
 * they read the current language each time.
 */
import { counterNameJa, type Keyword, type Keywords } from '@vroyale/engine';
import { language, t } from '../i18n';

const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;

export const KEYWORD_ORDER: Keyword[] = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'];

/** "Ban", "Callout"... */
export const keywordName = (k: Keyword): string => tx(`glossary.keyword.${k}`);

export function keywordList(k: Keywords | undefined): { key: Keyword; label: string; text: string }[] {
  if (!k) return [];
  return KEYWORD_ORDER.filter((key) => k[key] !== undefined).map((key) => ({
    key,
    label: key === 'moderator' ? t('glossary.moderatorN', { n: k.moderator }) : keywordName(key),
    text: tx(`glossary.keywordText.${key}`, { n: k.moderator }),
  }));
}

/** "Leader", "Character"... */
export const typeLabel = (type: string): string => tx(`glossary.type.${type}`);

export type ZoneInfo = 'main' | 'centre' | 'backstage' | 'roster' | 'starPool' | 'graduation';
export const zoneInfo = (z: ZoneInfo): string => tx(`glossary.zone.${z}`);

/**
 * A counter's name ("hype" / "ハイプ"). Counter names are free text in the card data; Japanese takes the
 * engine's table (the one its rules text uses), so the log and a card's badge say what its text says.
 */
export const counterName = (counter: string): string => (language() === 'ja' ? counterNameJa(counter) : counter);
