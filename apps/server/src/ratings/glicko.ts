/**
 * Glicko-2 ratings (issue 17 §4) through mmai's glicko2js, the implementation most used from JavaScript; we
 * only choose the constants and the rating period.
 *
 * - New players: 1500, RD 350, volatility 0.06 (Glickman's defaults).
 * - tau 0.5: the middle of Glickman's advised 0.3–1.2 and what Lichess uses; a card game has more luck than
 *   chess, so a larger tau (ratings jumping on upsets) would chase noise.
 * - One rating period per game (like Lichess): a player's rating moves right after each result instead of
 *   waiting for a batch, and the RD does not grow between games (we do not model inactivity yet).
 * - A draw scores 0.5.
 */
import glicko2 from 'glicko2';

export const DEFAULT_RATING = 1500;
export const DEFAULT_RD = 350;
export const DEFAULT_VOLATILITY = 0.06;
export const TAU = 0.5;
/** Above this deviation a rating is provisional: too few games for the number to mean much. */
export const PROVISIONAL_RD = 110;

export interface Rating {
  rating: number;
  rd: number;
  volatility: number;
}

export const defaultRating = (): Rating => ({ rating: DEFAULT_RATING, rd: DEFAULT_RD, volatility: DEFAULT_VOLATILITY });
export const isProvisional = (r: Pick<Rating, 'rd'>): boolean => r.rd > PROVISIONAL_RD;

/** 1 win, 0.5 draw, 0 loss (from the player's side). */
export type Score = 0 | 0.5 | 1;

/**
 * The player's rating after one rating period with these games (the opponents' ratings as they were before
 * the period). The server calls it with one game per period; Glickman's worked example has three.
 */
export function ratePeriod(player: Rating, games: { opponent: Rating; score: Score }[]): Rating {
  const g = new glicko2.Glicko2({ tau: TAU, rating: DEFAULT_RATING, rd: DEFAULT_RD, vol: DEFAULT_VOLATILITY });
  const me = g.makePlayer(player.rating, player.rd, player.volatility);
  g.updateRatings(games.map(({ opponent, score }) => [me, g.makePlayer(opponent.rating, opponent.rd, opponent.volatility), score]));
  return { rating: me.getRating(), rd: me.getRd(), volatility: me.getVol() };
}

/** Both players' new ratings after one game between them; `scoreA` is A's score. */
export function rateGame(a: Rating, b: Rating, scoreA: Score): { a: Rating; b: Rating } {
  return { a: ratePeriod(a, [{ opponent: b, score: scoreA }]), b: ratePeriod(b, [{ opponent: a, score: (1 - scoreA) as Score }]) };
}
