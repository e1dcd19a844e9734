/** Keyword explanations, from the rules' In-Combat Effect Glossary (shared/rules/VROYALE-RULES.md). */
import type { Keyword, Keywords } from '@vroyale/engine';

export const KEYWORD_ORDER: Keyword[] = ['ban', 'callout', 'clip', 'clout', 'moderator', 'raid'];

export const KEYWORD_INFO: Record<Keyword, { name: string; text: string }> = {
  ban: { name: 'Ban', text: 'If a character with ban deals combat damage to another character without ban, graduate that character.' },
  callout: { name: 'Callout', text: 'When this character attacks, the defending manager must block this attack with at least one character if able.' },
  clip: { name: 'Clip', text: 'When attacking, characters with clip deal all of their combat damage before characters without clip.' },
  clout: { name: 'Clout', text: 'Characters with clout can only be blocked by a character or characters with a combined attack value equal to or more than their own.' },
  moderator: { name: 'Moderator', text: 'This character can block up to X enemy characters, must block unblocked attackers if able, and cannot attack.' },
  raid: { name: 'Raid', text: "Any excess damage is dealt to the defending character's manager. If multiple defending characters are assigned, Raid damage is calculated based on the defender with the highest total HP." },
};

export function keywordList(k: Keywords | undefined): { key: Keyword; label: string; text: string }[] {
  if (!k) return [];
  return KEYWORD_ORDER.filter((key) => k[key] !== undefined).map((key) => ({
    key,
    label: key === 'moderator' ? `Moderator ${k.moderator}` : KEYWORD_INFO[key].name,
    text: key === 'moderator' ? KEYWORD_INFO.moderator.text.replace('X', String(k.moderator)) : KEYWORD_INFO[key].text,
  }));
}

export const TYPE_LABEL: Record<string, string> = { leader: 'Leader', character: 'Character', highlight: 'Highlight', event: 'Event', asset: 'Asset' };

export const ZONE_INFO = {
  main: 'Main Stage: cards debuted during the Main Step.',
  centre: 'Centre Stage: your Leaders once they debut.',
  backstage: 'Backstage: your chosen Centre waits here until it debuts.',
  roster: 'Roster: your face-down deck.',
  starPool: 'Star Pool: star cards placed upside down; tilt them to pay star costs.',
  graduation: 'Graduation Zone: used events and highlights, destroyed characters and leaders.',
};
