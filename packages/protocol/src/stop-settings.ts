/**
 * Stops: where a manager wants to be asked (RUL-STACK-5 leaves how often a person is asked to their own
 * settings). Everywhere else the server answers for them at once: a pass in a priority window, an empty
 * declaration in a combat declaration (docs/auto-pass.md). The settings are the person's own: the web app
 * keeps them per browser and sends them with `settings`; the server never shows them to anyone else.
 */
import { z } from 'zod';
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

/**
 * A strict object of one boolean per window. An unknown key is refused with the list of the windows that
 * exist, so a client built against another version learns exactly what is wrong.
 */
function windowFlags<const W extends readonly string[]>(windows: W, turn: string) {
  const shape = Object.fromEntries(windows.map((w) => [w, z.boolean()])) as { [K in W[number]]: z.ZodBoolean };
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `no such stop on ${turn}: ${iss.keys.map((k) => `'${k}'`).join(', ')} (the windows are ${windows.join(', ')})`
        : undefined,
  });
}

export const StopSettings = z.strictObject({
  /** Stops on this manager's own turn. */
  own: windowFlags(OWN_TURN_WINDOWS, "one's own turn"),
  /** Stops on the opponent's turn. */
  opponent: windowFlags(OPPONENT_TURN_WINDOWS, "the opponent's turn"),
  /** Ask whenever the top item of the stack is the other manager's, whatever the window. */
  opponentStack: z.boolean(),
  /** Ask at every priority and every declaration. */
  fullControl: z.boolean(),
});
export type StopSettings = z.infer<typeof StopSettings>;

/**
 * In the spirit of MTG Arena's defaults: on one's own turn, stop to place a star, to play in the Main Step
 * and to declare attackers; on the opponent's, stop to answer their attack and to block; and whenever the
 * opponent puts something on the stack.
 */
export const DEFAULT_STOP_SETTINGS: StopSettings = Object.freeze({
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

/**
 * One-shot passing, for one match: 'my-turn' passes every priority window until this manager's next turn
 * begins; 'something-happens' passes until the opponent puts an item on the stack or declares attackers,
 * or the turn ends. Declarations still follow the stops. null cancels.
 */
export const PassUntilMode = z.enum(['my-turn', 'something-happens']).nullable();
export type PassUntilMode = z.infer<typeof PassUntilMode>;
