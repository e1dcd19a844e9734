/**
 * Tournament words (pure over views, in the language on screen): percentages, records, round names ("Round 2",
 * "Semifinals", "Final"), status lines for the list and the page, countdowns, a match's score. Tested by
 * words.test.ts in both languages.
 */
import '../../i18n/later-texts';
import type { MatchFormat, TournamentStatus, TournamentSummary, TournamentView } from '@vroyale/protocol';
import { t } from '../../i18n';
import { cutPlayersLeft, type PlayerMatch } from './event-state';

/** A tiebreaker fraction as a percentage with one decimal: 0.6667 → "66.7%". */
export const pct = (x: number): string => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;

/** Wins-losses-draws: "2-1-0". */
export const record = (s: { wins: number; losses: number; draws: number }): string => `${s.wins}-${s.losses}-${s.draws}`;

/** A countdown: "4:05", "1:02:03", and with days "2 days 3:04:05". */
export function countdown(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const d = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const time = d > 0 || h > 0 ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
  return d > 0 ? t('events.days', { count: d, time }) : time;
}

/** The name of a cut round from how many players it starts with. */
export function cutRoundName(cutSize: number, round: number): string {
  const left = cutPlayersLeft(cutSize, round);
  return left <= 2 ? t('events.final') : left <= 4 ? t('events.semifinal') : t('events.quarterfinal');
}

/** A round's name: "Round 2", or the cut's "Semifinals" / "Final". */
export function roundName(stage: 'swiss' | 'cut', n: number, cutSize: number): string {
  return stage === 'swiss' ? t('events.roundN', { n }) : cutRoundName(cutSize, n);
}

export const cutSizeOf = (v: TournamentView): number => v.cutSeeds?.length || v.topCut || 2;

export const formatShort = (f: MatchFormat): string => (f === 'bo3' ? t('events.formatBo3') : t('events.formatBo1'));
export const formatLong = (f: MatchFormat): string => (f === 'bo3' ? t('events.formatBo3Long') : t('events.formatBo1Long'));
const tx = t as unknown as (k: string) => string;
export const statusName = (s: TournamentStatus): string => tx(`events.status.${s}`);

/**
 * Where an event of the list stands: "Registration open", "Round 2 of 3", "Top cut: Final", "Finished". A summary's
 * `round` counts the Swiss rounds and then the cut's.
 */
export function summaryStatus(s: TournamentSummary): string {
  if (s.status !== 'running' || s.round === 0) return statusName(s.status);
  if (s.rounds !== null && s.round > s.rounds) return t('events.topCutRound', { round: cutRoundName(s.topCut || 2, s.round - s.rounds) });
  return s.rounds !== null ? t('events.roundOf', { n: s.round, total: s.rounds }) : t('events.roundN', { n: s.round });
}

/** Where the event on its page stands, from its phase. */
export function viewStatus(v: TournamentView): string {
  const p = v.phase;
  if (p.kind === 'paused') {
    const swiss = v.rounds ?? 0;
    return p.before > swiss
      ? `${statusName('paused')} · ${t('events.topCutRound', { round: cutRoundName(cutSizeOf(v), p.before - swiss) })}`
      : t('events.pausedBefore', { n: p.before });
  }
  if (p.kind === 'ready-check' || p.kind === 'playing') {
    if (p.stage === 'cut') return t('events.topCutRound', { round: cutRoundName(cutSizeOf(v), p.round) });
    return v.rounds !== null ? t('events.roundOf', { n: p.round, total: v.rounds }) : t('events.roundN', { n: p.round });
  }
  return statusName(v.status);
}

/** A match's games as a score, the draws only when there were any: "2–1", "1–1–1". */
export function scoreText(games: [number, number, number]): string {
  const [a, b, d] = games;
  return d > 0 ? t('events.pairings.scoreDraws', { a, b, d }) : t('events.pairings.score', { a, b });
}

/** A player's match result in words: "Won 2–1", "Bye", "Playing". */
export function outcomeText(m: Pick<PlayerMatch, 'outcome' | 'games'>): string {
  if (m.outcome === 'bye') return t('events.history.bye');
  if (m.outcome === 'pending' || !m.games) return t('events.history.pending');
  const score = scoreText(m.games);
  return m.outcome === 'win'
    ? t('events.history.win', { score })
    : m.outcome === 'loss'
      ? t('events.history.loss', { score })
      : t('events.history.draw', { score });
}

/** A date and time in the language on screen (registration closing). */
export const when = (at: number, lang: string): string => new Date(at).toLocaleString(lang, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
