/** A fresh card instance: the one place that knows every field a new card starts with. */
import type { CardInstance, CardLocation, ManagerId } from './types.js';

export function makeCard(id: string, def: string, owner: ManagerId, zone: CardLocation, extra: Partial<CardInstance> = {}): CardInstance {
  return {
    id,
    def,
    owner,
    zone,
    token: false,
    tilted: false,
    damage: 0,
    enteredTurn: 0,
    counters: {},
    mods: [],
    attachedTo: null,
    banned: false,
    used: [],
    returnsFromHiatus: false,
    ...extra,
  };
}
