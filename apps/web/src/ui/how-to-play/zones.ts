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
  stars: '.side-bottom .zone-stars, .side-bottom .head-stars',
  hand: '.side-bottom .hand',
  badge: '.side-bottom .manager-badge',
  roster: '.side-bottom .pile-roster',
  graduation: '.side-bottom .pile-grad',
  phases: '.phase-tracker',
  prompt: '.prompt',
  opponent: '.side-top',
};

/**
 * A zone's element on a board under `root`: the first of its selectors that is on screen (the Star Pool's
 * counter sits in its zone, or beside the manager on an upright phone).
 */
export function zoneIn(root: ParentNode, key: ZoneKey): Element | null {
  let first: Element | null = null;
  for (const sel of ZONE_SELECTOR[key].split(', ')) {
    const el = root.querySelector(sel);
    if (!el) continue;
    first ??= el;
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.height > 0) return el;
  }
  return first;
}

/** Pointing at the miniature: the smallest zone under the pointer (a pile before the side it sits on). */
export const BY_SIZE: readonly ZoneKey[] = ['roster', 'graduation', 'badge', 'stars', 'backstage', 'centre', 'main', 'hand', 'phases', 'prompt', 'opponent'];
