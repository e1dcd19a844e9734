/**
 * Which animations a batch of projected events produces (pure; `motion/run.ts` plays them on the DOM).
 * A card that changes zones gets a new id (RUL-ZONE-6), so a move is "the element that had id `from` before
 * this view → the element with id `to` after it"; either may be '' when that side is hidden from the viewer,
 * and then the zone stands in for the card. A card moving twice in one batch (hand → stack → stage) is one
 * move from its first place to its last.
 */
import type { CardLocation, GameEvent, ManagerId } from '@vroyale/engine';

export type Motion =
  | { kind: 'move'; from: string; to: string; owner: ManagerId; fromZone: CardLocation; toZone: CardLocation }
  | { kind: 'attack'; card: string }
  | { kind: 'block'; card: string; attacker: string }
  | { kind: 'damage'; card: string; amount: number }
  | { kind: 'sanity'; manager: ManagerId; amount: number }
  | { kind: 'stack-on'; item: string; highlight: boolean }
  | { kind: 'stack-off'; item: string };

/** More than this in one batch (a mulligan, a board wipe) and only the first ones play. */
export const MAX_MOTIONS = 24;

export function planMotion(events: readonly GameEvent[]): Motion[] {
  const out: Motion[] = [];
  /** New id → index in `out` of the move that produced it (to join a chain of moves into one). */
  const movedTo = new Map<string, number>();
  for (const e of events) {
    switch (e.t) {
      case 'move': {
        if (e.to === 'token-gone' && !e.card) break;
        const prev = e.card ? movedTo.get(e.card) : undefined;
        if (prev !== undefined) {
          const m = out[prev] as Extract<Motion, { kind: 'move' }>;
          movedTo.delete(e.card);
          out[prev] = { ...m, to: e.newId, toZone: e.to };
          if (e.newId) movedTo.set(e.newId, prev);
          break;
        }
        // Hidden at both ends (the opponent draws, a roster is searched): nothing to follow.
        if (!e.card && !e.newId) break;
        out.push({ kind: 'move', from: e.card, to: e.newId, owner: e.owner, fromZone: e.from, toZone: e.to });
        if (e.newId) movedTo.set(e.newId, out.length - 1);
        break;
      }
      case 'attackers':
        for (const a of e.attackers) out.push({ kind: 'attack', card: a });
        break;
      case 'blockers':
        for (const b of e.blocks) out.push({ kind: 'block', card: b.blocker, attacker: b.attacker });
        break;
      case 'damage':
        if (e.amount > 0) out.push({ kind: 'damage', card: e.card, amount: e.amount });
        break;
      case 'sanity':
        if (e.delta !== 0) out.push({ kind: 'sanity', manager: e.manager, amount: e.delta });
        break;
      case 'stack-push':
        out.push({ kind: 'stack-on', item: e.item.id, highlight: e.item.kind === 'highlight' });
        break;
      case 'stack-resolve':
      case 'stack-cancel':
        out.push({ kind: 'stack-off', item: e.item });
        break;
      default:
        break;
    }
  }
  // A move that ends where it started (a card returned at once) or in the same hidden place is no motion.
  return out.filter((m) => m.kind !== 'move' || m.from !== '' || m.to !== '').slice(0, MAX_MOTIONS);
}

/** A move into a place that shows no card face (a pile or a hidden hand): the runner flies a copy there. */
export function intoPile(m: Extract<Motion, { kind: 'move' }>): boolean {
  return m.to === '' || m.toZone === 'graduation' || m.toZone === 'hiatus' || m.toZone === 'roster' || m.toZone === 'token-gone';
}
