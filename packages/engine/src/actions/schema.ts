/** Every action a manager can send, as a zod schema. Anything else is rejected as malformed. */
import { z } from 'zod';

const manager = z.enum(['A', 'B']);
const id = z.string().min(1).max(40);

export const Action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('mulligan'), manager, redraw: z.boolean() }).strict(),
  z.object({ type: z.literal('choose-order'), manager, goFirst: z.boolean() }).strict(),
  z.object({ type: z.literal('pass'), manager }).strict(),
  z.object({ type: z.literal('place-star'), manager, card: id }).strict(),
  z.object({ type: z.literal('tilt-star'), manager, card: id }).strict(),
  z.object({ type: z.literal('play'), manager, card: id, targets: z.array(id).max(4).default([]) }).strict(),
  z
    .object({
      type: z.literal('activate'),
      manager,
      card: id,
      ability: z.number().int().min(0).max(15),
      targets: z.array(id).max(4).default([]),
      costCards: z.array(id).max(4).default([]),
    })
    .strict(),
  // RUL-COMBAT-1/2: attackers and blocks are each declared as a whole (bounded: a stage holds at most ~30 cards).
  z.object({ type: z.literal('declare-attackers'), manager, attackers: z.array(id).max(40) }).strict(),
  z.object({ type: z.literal('declare-blocks'), manager, blocks: z.array(z.object({ blocker: id, attacker: id }).strict()).max(80) }).strict(),
  z.object({ type: z.literal('discard'), manager, card: id }).strict(),
  z.object({ type: z.literal('choose'), manager, option: z.number().int().min(0).max(99) }).strict(),
  z.object({ type: z.literal('concede'), manager }).strict(),
]);
export type Action = z.output<typeof Action>;
export type ActionInput = z.input<typeof Action>;
export type ActionType = Action['type'];

/** A canonical key for comparing actions (defaults filled in, fields in a fixed order). */
export function actionKey(a: Action): string {
  switch (a.type) {
    case 'play':
      return `play|${a.manager}|${a.card}|${a.targets.join(',')}`;
    case 'activate':
      return `activate|${a.manager}|${a.card}|${a.ability}|${a.targets.join(',')}|${a.costCards.join(',')}`;
    case 'declare-attackers':
      return `declare-attackers|${a.manager}|${a.attackers.join(',')}`;
    case 'declare-blocks':
      return `declare-blocks|${a.manager}|${a.blocks.map((b) => `${b.blocker}>${b.attacker}`).join(',')}`;
    default:
      return JSON.stringify(Object.entries(a).sort(([x], [y]) => (x < y ? -1 : 1)));
  }
}
