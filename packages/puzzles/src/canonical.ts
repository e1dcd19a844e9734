/**
 * The canonical hash of a puzzle position, for deduplication: two positions that differ only by card ids, the
 * order of unordered zones, the turn number or which seat (A or B) the mover sits in hash alike. The roster
 * keeps its order (it is what will be drawn). Built on the engine's cyrb53 (core/hash.ts, as hashState).
 */
import { cyrb53, other, type GameState, type ManagerId } from '@vroyale/engine';
import type { Goal } from './format.js';
import { cardSignature } from './moves.js';

/** A card's signature with its owner's seat left out (the key names seats by role). */
const sig = (s: GameState, id: string) => cardSignature(s, id).replace(/^[AB]:/, '');

export function canonicalKey(s: GameState, goal: Goal, mover: ManagerId): string {
  const side = (m: ManagerId) => {
    const ms = s.managers[m];
    const sorted = (ids: readonly string[]) => ids.map((id) => sig(s, id)).sort();
    return {
      sanity: ms.sanity,
      deckOuts: ms.deckOuts,
      stars: ms.availableStars,
      roster: ms.roster.map((id) => s.cards[id]!.def),
      hand: sorted(ms.hand),
      backstage: ms.backstage ? sig(s, ms.backstage) : null,
      stage: sorted([...ms.centre, ...ms.main]),
      starPool: sorted(ms.starPool),
      graduation: sorted(ms.graduation),
      hiatus: sorted(ms.hiatus),
    };
  };
  const role = (m: ManagerId | null) => (m === null ? null : m === mover ? 'mover' : 'opponent');
  const combat = s.combat && {
    attackers: s.combat.attackers.map((id) => sig(s, id)).sort(),
    blocks: s.combat.blocks.map((b) => `${sig(s, b.blocker)}>${sig(s, b.attacker)}`).sort(),
  };
  return JSON.stringify({
    goal,
    phase: s.phase,
    active: role(s.active),
    priority: role(s.priority),
    first: role(s.first),
    passes: s.passes,
    played: s.played,
    starPlaced: s.starPlaced,
    mover: side(mover),
    opponent: side(other(mover)),
    combat,
  });
}

export function canonicalHash(s: GameState, goal: Goal, mover: ManagerId): string {
  return cyrb53(canonicalKey(s, goal, mover));
}
