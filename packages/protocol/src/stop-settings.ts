/**
 * Stops: where a manager wants to be asked (RUL-STACK-5 leaves how often a person is asked to their own
 * settings). Everywhere else the server answers for them at once: a pass in a priority window, an empty
 * declaration in a combat declaration (docs/auto-pass.md). The settings are the person's own: the web app
 * keeps them per browser and sends them with `settings`; the server never shows them to anyone else.
 */
import { z } from 'zod';
import { OPPONENT_TURN_WINDOWS, OWN_TURN_WINDOWS, type StopFlags } from './stop-windows.js';

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

// The schema and the zod-free shape beside the defaults (stop-windows.ts) must describe the same object.
// (A compile error here means they drifted apart.)
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Assert<T extends true> = T;
type _StopShapesAgree = Assert<Same<StopSettings, StopFlags>>;

/**
 * One-shot passing, for one match: 'my-turn' passes every priority window until this manager's next turn
 * begins; 'something-happens' passes until the opponent puts an item on the stack or declares attackers,
 * or the turn ends. Declarations still follow the stops. null cancels.
 */
export const PassUntilMode = z.enum(['my-turn', 'something-happens']).nullable();
export type PassUntilMode = z.infer<typeof PassUntilMode>;
