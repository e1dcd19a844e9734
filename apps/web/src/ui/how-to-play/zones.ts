/**
 * The zones How to play's legend names, and where each one is on the real board: the board's own classes
 * (the miniature is the real `Board`). e2e/how-to-play.test.ts checks every selector finds its zone, so a
 * renamed class fails a test instead of leaving a legend entry pointing at nothing.
 */
export const ZONES = ['main', 'centre', 'backstage', 'stars', 'hand', 'badge', 'roster', 'graduation', 'phases', 'prompt', 'opponent'] as const;
export type ZoneKey = (typeof ZONES)[number];

/** Where each zone is on the board. */
export const ZONE_SELECTOR: Record<ZoneKey, string> = {
  main: '.side-bottom .zone-main',
  centre: '.side-bottom .zone-centre',
  backstage: '.side-bottom .zone-back',
  stars: '.side-bottom .zone-stars',
  hand: '.side-bottom .hand',
  badge: '.side-bottom .manager-badge',
  roster: '.side-bottom .pile-roster',
  graduation: '.side-bottom .pile-grad',
  phases: '.phase-tracker',
  prompt: '.prompt',
  opponent: '.side-top',
};

/** Pointing at the miniature: the smallest zone under the pointer (a pile before the side it sits on). */
export const BY_SIZE: readonly ZoneKey[] = ['roster', 'graduation', 'badge', 'stars', 'backstage', 'centre', 'main', 'hand', 'phases', 'prompt', 'opponent'];

