/**
 * A game action as a client sends it: the engine's `Action`, except that `manager` may be left out. The
 * server always sets `manager` from the sender's seat; a client that does send it must send its own seat.
 * Built from the engine's schema so the two can never list different actions.
 */
import { z } from 'zod';
import { Action, type ActionInput, type ManagerId } from '@vroyale/engine';

const withOptionalManager = Action.options.map((o) => o.extend({ manager: z.enum(['A', 'B']).optional() }));
type Option = (typeof withOptionalManager)[number];

export const ClientAction = z.discriminatedUnion('type', withOptionalManager as unknown as [Option, ...Option[]]);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** What a client may send: an engine action input, `manager` optional. */
export type ClientActionInput = DistributiveOmit<ActionInput, 'manager'> & { manager?: ManagerId };
