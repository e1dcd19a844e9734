/**
 * The windows a stop can be set on and the default stops, free of zod so the web app's first page can read
 * them without the schemas (stop-settings.ts holds the `StopSettings` schema over these windows; docs/performance.md,
 * "The first page").
 */
import type { Phase } from '@vroyale/engine';

/** Every window a stop can be set on, in turn order. */
export const STOP_WINDOWS = ['start', 'resource', 'main', 'declare-attackers', 'after-attackers', 'declare-blocks', 'after-blocks', 'resolution'] as const;
export type StopWindow = (typeof STOP_WINDOWS)[number];

/** On one's own turn one declares attackers, never blocks... */
export const OWN_TURN_WINDOWS = ['start', 'resource', 'main', 'declare-attackers', 'after-attackers', 'after-blocks', 'resolution'] as const;
/** ...and on the opponent's turn one declares blocks, never attackers. */
export const OPPONENT_TURN_WINDOWS = ['start', 'resource', 'main', 'after-attackers', 'declare-blocks', 'after-blocks', 'resolution'] as const;
export type OwnTurnWindow = (typeof OWN_TURN_WINDOWS)[number];
export type OpponentTurnWindow = (typeof OPPONENT_TURN_WINDOWS)[number];

/** The window a phase belongs to; null for the setup phases, which always ask. */
export function stopWindowOf(phase: Phase): StopWindow | null {
  switch (phase) {
    case 'start':
    case 'resource':
    case 'main':
      return phase;
    case 'combat-attack':
      return 'declare-attackers';
    case 'combat-attack-window':
      return 'after-attackers';
    case 'combat-block':
      return 'declare-blocks';
    case 'combat-block-window':
      return 'after-blocks';
    case 'resolution':
    case 'end':
      return 'resolution';
    default:
      return null;
  }
}

/** A stop per window on each turn, and the two switches: the shape `StopSettings` (stop-settings.ts) checks. */
export interface StopFlags {
  own: Record<OwnTurnWindow, boolean>;
  opponent: Record<OpponentTurnWindow, boolean>;
  opponentStack: boolean;
  fullControl: boolean;
}

/**
 * In the spirit of MTG Arena's defaults: on one's own turn, stop to place a star, to play in the Main Step
 * and to declare attackers; on the opponent's, stop to answer their attack and to block; and whenever the
 * opponent puts something on the stack.
 */
export const DEFAULT_STOP_SETTINGS: StopFlags = Object.freeze({
  own: Object.freeze({
    start: false,
    resource: true,
    main: true,
    'declare-attackers': true,
    'after-attackers': false,
    'after-blocks': false,
    resolution: false,
  }),
  opponent: Object.freeze({
    start: false,
    resource: false,
    main: false,
    'after-attackers': true,
    'declare-blocks': true,
    'after-blocks': false,
    resolution: false,
  }),
  opponentStack: true,
  fullControl: false,
});
