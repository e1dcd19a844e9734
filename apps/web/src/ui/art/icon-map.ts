/**
 * Which game-icons.net glyph stands for what: one hand-picked icon per highlight, event, asset and token
 * (`CARD_ICON`), a fallback per card type, the keywords' glyphs and the leaders' crown. Names only: the
 * glyphs themselves are in `icons.generated.ts`, extracted from `@iconify-json/game-icons` by
 * `apps/web/scripts/extract-icons.ts`, which reads this file (add a name here, then run the script).
 */
import type { CardDef, CardType, Keyword } from '@vroyale/engine';

export const CARD_ICON: Readonly<Record<string, string>> = {
  // assets
  'studio-microphone': 'old-microphone',
  'moderator-badge': 'police-badge',
  'ergonomic-gaming-chair': 'office-chair',
  'limited-merch-hoodie': 'hoodie',
  'sponsor-banner': 'vertical-banner',
  'green-screen-rig': 'video-camera',
  'vintage-capture-card': 'microchip',
  'merch-warehouse': 'warehouse',
  'stream-deck-macro-pad': 'button-finger',
  // events
  'cozy-chat-night': 'teapot',
  'fan-club-meetup': 'party-flags',
  'all-nighter': 'coffee-mug',
  'graduation-ceremony': 'graduate-cap',
  subathon: 'hourglass',
  'trending-number-one': 'podium-winner',
  'farewell-tour': 'theater-curtains',
  'snack-box-sponsorship': 'cookie',
  'community-guidelines': 'rule-book',
  'hype-train': 'steam-locomotive',
  // highlights
  'hot-take': 'flame',
  'superchat-surge': 'take-my-money',
  'raid-party': 'pirate-flag',
  'technical-difficulties': 'unplugged',
  'energy-drink': 'soda-can',
  'brainstorm-stream': 'brainstorm',
  'drama-thread': 'drama-masks',
  'comeback-stream': 'sunrise',
  demonetized: 'piggy-bank',
  'role-reversal-collab': 'duality-mask',
  'schedule-change': 'calendar',
  'emergency-mod-powers': 'siren',
  'bot-spam-wave': 'robot-antennas',
  'copyright-strike': 'speaker-off',
  'mandatory-vacation': 'palm-tree',
  'viral-moment': 'rocket-flight',
  'contract-termination': 'stabbed-note',
  'career-ending-scandal': 'newspaper',
  'membership-drive': 'star-medal',
  'anniversary-stream': 'stairs-cake',
  'clip-that': 'scissors',
  'mass-timeout': 'stopwatch',
  'raid-incoming': 'incoming-rocket',
  ratioed: 'thumb-down',
  'archive-binge': 'popcorn',
  'graduation-announcement': 'diploma',
  'thank-you-stream': 'love-letter',
  'fashionably-late': 'alarm-clock',
  'vod-purge': 'trash-can',
  'surprise-collab': 'present',
  // tokens
  'devoted-viewer': 'star-struck',
  'acrylic-stand': 'portrait',
  'guest-collaborator': 'video-conference',
};

/** A card without a hand-picked icon (a new card) still gets one for its type. */
export const TYPE_ICON: Readonly<Record<CardType | 'token', string>> = {
  highlight: 'sparkles',
  event: 'ticket',
  asset: 'toolbox',
  token: 'meeple',
  character: 'person',
  leader: 'crown',
};

/** The keywords' glyphs (ui/keyword-icon.tsx and the legend). */
export const KEYWORD_ICON: Readonly<Record<Keyword, string>> = {
  ban: 'hammer-drop',
  callout: 'megaphone',
  clip: 'fast-arrow',
  clout: 'queen-crown',
  moderator: 'checked-shield',
  raid: 'arrow-dunk',
};

/** Drawn on a leader's portrait. */
export const LEADER_ICON = 'crown';

/** Characters and leaders get a portrait; everything else, tokens included, an icon. */
export const hasPortrait = (def: Pick<CardDef, 'types' | 'token'>): boolean => !def.token && (def.types.includes('character') || def.types.includes('leader'));

/** The icon a card shows: its own, else its type's. */
export function iconName(def: Pick<CardDef, 'id' | 'types' | 'token'>): string {
  return CARD_ICON[def.id] ?? TYPE_ICON[def.token ? 'token' : def.types[0]!];
}

/** The glyphs of the card art (icons.generated.ts, in the art's chunk). */
export const ART_ICONS: readonly string[] = [...new Set([...Object.values(CARD_ICON), ...Object.values(TYPE_ICON), LEADER_ICON])].sort();

/** Every glyph the app uses (the keywords' are in keyword-glyphs.generated.ts), for the credits. */
export const ALL_ICONS: readonly string[] = [...new Set([...ART_ICONS, ...Object.values(KEYWORD_ICON)])].sort();
