/** How ratings and rosters read on the profile and leaderboard pages: whole numbers, the change signed. */
import { starterRosters } from '@vroyale/cards/starters';

/** A roster label as the server recorded it: a starter's id reads as the starter's name; a deck's name as is. */
export function rosterName(label: string): string {
  return starterRosters.find((s) => s.id === label)?.name ?? label;
}

export const roundRating = (x: number): number => Math.round(x);

/** "+12", "−8" (a real minus sign), "±0". */
export function ratingDelta(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '±0';
}
