/** How ratings read on the profile and leaderboard pages: whole numbers, the change signed. */
export const roundRating = (x: number): number => Math.round(x);

/** "+12", "−8" (a real minus sign), "±0". */
export function ratingDelta(before: number, after: number): string {
  const d = Math.round(after) - Math.round(before);
  return d > 0 ? `+${d}` : d < 0 ? `\u2212${-d}` : '±0';
}
