/**
 * A best-of-three's words (issue 34 §1), pure over the server's `SeriesState`: the score, the badge, who won the
 * match, how far each manager is in the side-deck window, and why a later game's order is this manager's choice.
 */
import '../../i18n/later-texts';
import type { GameEvent, ManagerId } from '@vroyale/engine';
import type { SeriesState } from '@vroyale/protocol';
import { t } from '../../i18n';

type Names = Record<ManagerId, string>;

/** "Alice 1 – 0 Bob". */
export const scoreText = (s: SeriesState, names: Names): string => t('series.score', { a: names.A, b: names.B, winsA: s.wins.A, winsB: s.wins.B });

/** "Game 2 · Best of three · Alice 1 – 0 Bob". */
export const badgeText = (s: SeriesState, names: Names): string => t('series.badge', { game: s.game, score: scoreText(s, names) });

/** The badge on two lines: "Game 2 · Best of three" over "Alice 1 – 0 Bob". */
export const badgeLines = (s: SeriesState, names: Names): [string, string] => [t('series.badgeGame', { game: s.game }), scoreText(s, names)];

/** "Game 2" and "1–0": the badge where the top bar has no room for names. */
export const badgeShort = (s: SeriesState): [string, string] => [t('series.gameN', { game: s.game }), `${s.wins.A}–${s.wins.B}`];

/** "Alice wins the match 2 – 1" (or "You win..."), once decided. */
export function matchResultText(s: SeriesState, names: Names, me: ManagerId | null): string | null {
  if (s.status !== 'done' || !s.winner) return null;
  const w = s.winner;
  const score = { won: s.wins[w], lost: s.wins[w === 'A' ? 'B' : 'A'] };
  return w === me ? t('series.matchWon_you', score) : t('series.matchWon', { ...score, name: names[w] });
}

/** Where a manager is in the side-deck window: ready (and how many cards they swapped) or still choosing. */
export function readinessText(s: SeriesState, seat: ManagerId, names: Names): string | null {
  const b = s.between;
  if (!b) return null;
  const name = names[seat];
  if (!b.ready.includes(seat)) return t('series.choosing', { name });
  const n = b.swapped[seat] ?? 0;
  return n === 0 ? t('series.readyKept', { name }) : t('series.readySwapped', { name, count: n });
}

/** Who chooses who goes first in the next game, and why (PR-18: the loser; after a drawn game, the same chooser). */
export function chooserText(s: SeriesState, drawn: boolean, names: Names, me: ManagerId | null): string | null {
  const b = s.between;
  if (!b) return null;
  const o = { game: s.game + 1, name: names[b.chooser] };
  if (drawn) return b.chooser === me ? t('series.chooserAgain_you', o) : t('series.chooserAgain', o);
  return b.chooser === me ? t('series.chooser_you', o) : t('series.chooser', o);
}

/**
 * Why this manager is asked to choose the order of play: in a later game of a match (the room's series says which
 * game; before it arrives, the view's `coin` event says `previousGame`), they lost the last game or it was drawn.
 */
export function orderBy(s: SeriesState | null | undefined, events: readonly GameEvent[]): 'lost-last-game' | 'drawn-last-game' | undefined {
  const later = (s && s.game > 1) || events.some((e) => e.t === 'coin' && e.previousGame);
  if (!later) return undefined;
  return s && s.games[s.game - 2]?.winner === 'draw' ? 'drawn-last-game' : 'lost-last-game';
}
