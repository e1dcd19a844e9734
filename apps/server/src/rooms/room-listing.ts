/**
 * The room as the lobby shows it: whether it is listed for anyone to join or watch, its summary (kind, seats
 * with their ratings, turn and whose turn as spectators see it), and the ratings beside the names, read once
 * when the match begins.
 */
import type { ClockConfig, MatchKind, RoomStatus, RoomSummary, Seat, SeriesScore, SummarySeat, Visibility } from '@vroyale/protocol';
import type { Logger } from '../logger.js';
import { BOT_LISTED_MS } from '../master/bot-listing.js';
import type { MatchMaster } from '../master/match-master.js';
import type { Seats } from '../storage/records.js';
import type { Store } from '../storage/store.js';
import type { Series } from './series.js';

/** Kinds whose live matches the lobby lists for anyone to watch, whatever the room's visibility. */
const WATCHABLE: ReadonlySet<MatchKind> = new Set(['ranked', 'casual', 'challenge']);
const PROVISIONAL_RD = 110;
const SEATS: readonly Seat[] = ['A', 'B'];

/** What the listing reads of a room. */
export interface ListedRoom {
  readonly roomId: string;
  readonly visibility: Visibility;
  readonly kind: MatchKind;
  readonly format: 'bo1' | 'bo3';
  readonly status: RoomStatus;
  readonly clockConfig: ClockConfig;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  readonly seats: Seats;
  readonly master: MatchMaster | null;
  readonly series: Series | null;
}

/**
 * Whether the lobby lists this room for anyone to join or watch: public rooms; ranked, casual and challenge
 * matches (public by nature, like a chess site's games); a bot match while its manager is playing (acted in the
 * last `BOT_LISTED_MS`); never a private room (its link is the invitation) or the tutorial.
 */
export function isListed(room: ListedRoom, now: number): boolean {
  if (room.visibility === 'public' || WATCHABLE.has(room.kind)) return true;
  if (room.kind !== 'bot' || !room.master || room.status !== 'active') return false;
  return now - room.master.lastHumanActionAt < BOT_LISTED_MS;
}

/** The rating the lobby shows for a seat, read once the match begins. */
type SeatRating = { rating: number; provisional: boolean };

/** The managers' ratings as the lobby shows them (null: none to show, or not read yet). */
export class SeatRatings {
  private readonly ratings: Record<Seat, SeatRating | null> = { A: null, B: null };

  constructor(private readonly deps: { storage: Store; log: Logger }) {}

  /**
   * The ratings the lobby lists beside the names: the match's own queue for ranked and casual (guests have a
   * casual one), an account's ranked rating otherwise; nothing for bots, or for guests outside the queues. Read
   * once at the start (a failed read only leaves the number out); `changed` after each read.
   */
  load(room: ListedRoom, changed: () => void): void {
    const queue = room.kind === 'casual' ? 'casual' : 'ranked';
    for (const s of SEATS) {
      const occ = room.seats[s];
      if (!occ || occ.bot || (!occ.username && room.kind !== 'ranked' && room.kind !== 'casual')) continue;
      this.deps.storage.facts.ratingOf(occ.userId, queue).then(
        (r) => {
          this.ratings[s] = { rating: Math.round(r.rating), provisional: r.rd > PROVISIONAL_RD };
          changed();
        },
        (e: unknown) => this.deps.log.warn({ err: e, roomId: room.roomId }, 'reading a rating for the lobby failed'),
      );
    }
  }

  summary(room: ListedRoom, spectators: number): RoomSummary {
    const seat = (s: Seat): SummarySeat | null => {
      const o = room.seats[s];
      const r = this.ratings[s];
      return o ? { name: o.name, username: o.username ?? null, bot: o.bot, rating: r?.rating ?? null, provisional: r?.provisional ?? false } : null;
    };
    const p = room.master?.progress ?? null;
    return {
      roomId: room.roomId,
      kind: room.kind,
      status: room.status,
      clock: room.clockConfig,
      seats: { A: seat('A'), B: seat('B') },
      spectators,
      createdAt: room.createdAt,
      turn: p?.turn ?? null,
      active: p?.active ?? null,
      delayed: p?.delayed ?? false,
      result: room.master?.matchResult ?? null,
      endedAt: room.status === 'finished' ? room.finishedAt : null,
      format: room.format,
      series: room.series && seriesScore(room.series, room.roomId),
    };
  }
}

function seriesScore(series: Series, roomId: string): SeriesScore {
  const games = series.rec.games;
  return {
    game: games.findIndex((g) => g.roomId === roomId) + 1,
    games: games.length,
    wins: series.wins(),
    draws: games.filter((g) => g.winner === 'draw').length,
    over: series.rec.status === 'done',
  };
}
