/**
 * A player's profile (`#/u/<username>`, a lazy chunk): ratings per queue (rating ± RD, provisional marked; Ranked
 * and Casual always, their best-of-three queues once the player has played there),
 * games and results, favourite rosters, and the match history, paged, each match with its opponent (linked to
 * their profile when they have an account), roster, rating change and a replay link.
 */
import '../../i18n/later-texts';
import { useState } from 'react';
import type { MatchHistoryPage, MatchSummary, PublicProfile, RatingQueue, RatingSummary } from '@vroyale/protocol';
import { historyRows, type HistoryRow } from './history-groups';
import { language, useT } from '../../i18n';
import { seg } from '../../net/api';
import { RATING_QUEUE_ORDER } from '../../play/queue-choice';
import { ratingQueueText } from '../play/queue-words';
import { profilePath } from '../route';
import { ratingDelta, rosterName, roundRating } from './rating-text';
import { Fetched } from './fetched';
import { useApiGet } from './use-api';
import './profile.css';

const PER_PAGE = 10;
const tx = (t: ReturnType<typeof useT>) => t as unknown as (k: string, o?: Record<string, unknown>) => string;

export default function ProfilePage({ username }: { username: string }) {
  const t = useT();
  const r = useApiGet<PublicProfile>(`/api/users/${seg(username)}`);
  let body;
  if (!r) body = <p className="loading">{t('common.loading')}</p>;
  else if (!r.ok)
    body = (
      <p className="panel profile-missing" role="alert">
        {r.status === 404 ? t('profile.notFound', { name: username }) : t('profile.loadFailed')}
      </p>
    );
  else body = <Profile p={r.data} />;
  return (
    <div className="profile-page">
      <header className="lobby-head">
        <a className="btn ghost" href="#/">
          {t('room.lobby')}
        </a>
        <h1>{r?.ok ? r.data.username : username}</h1>
        <a className="btn" href="#/leaderboard">
          {t('profile.leaderboard')}
        </a>
      </header>
      {body}
    </div>
  );
}

function Profile({ p }: { p: PublicProfile }) {
  const t = useT();
  const date = new Date(p.createdAt).toLocaleDateString(language());
  return (
    <>
      <p className="hint profile-since">{t('profile.since', { date })}</p>
      <div className="profile-grid">
        <section className="panel" aria-labelledby="ratings-title">
          <h2 id="ratings-title">{t('profile.ratings')}</h2>
          <div className="rating-cards">
            {shownQueues(p.ratings).map((q) => (
              <RatingCard key={q} queue={q} r={p.ratings.find((x) => x.queue === q)} />
            ))}
          </div>
        </section>
        <section className="panel" aria-labelledby="record-title">
          <h2 id="record-title">{t('profile.games')}</h2>
          <dl className="record">
            <div>
              <dt>{t('profile.games')}</dt>
              <dd>{p.games}</dd>
            </div>
            <div>
              <dt>{t('profile.wins')}</dt>
              <dd className="win">{p.wins}</dd>
            </div>
            <div>
              <dt>{t('profile.losses')}</dt>
              <dd className="loss">{p.losses}</dd>
            </div>
            <div>
              <dt>{t('profile.draws')}</dt>
              <dd>{p.draws}</dd>
            </div>
          </dl>
          {p.favouriteStarters.length > 0 && (
            <>
              <h3>{t('profile.favourites')}</h3>
              <ul className="favourites">
                {p.favouriteStarters.map((f) => (
                  <li key={f.starter}>{t('profile.favLine', { starter: rosterName(f.starter), count: f.games, wins: f.wins })}</li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
      <History username={p.username} />
    </>
  );
}

/** Ranked and Casual always (a newcomer sees where ratings will be); a best-of-three queue once it has games. */
function shownQueues(ratings: readonly RatingSummary[]): RatingQueue[] {
  return RATING_QUEUE_ORDER.filter((q) => !q.endsWith('-bo3') || ratings.some((r) => r.queue === q && r.games > 0));
}

function RatingCard({ queue, r }: { queue: RatingQueue; r: RatingSummary | undefined }) {
  const t = useT();
  return (
    <div className={`rating-card q-${queue}`} data-queue={queue}>
      <span className="rating-queue">{ratingQueueText(queue)}</span>
      {r ? (
        <>
          <span className="rating-value" data-rating={roundRating(r.rating)}>
            {t('profile.ratingLine', { rating: roundRating(r.rating), rd: roundRating(r.rd) })}
          </span>
          {r.provisional && (
            <span className="badge provisional" title={t('profile.provisionalHint')}>
              {t('profile.provisional')}
            </span>
          )}
          <span className="hint">{t('profile.record', { wins: r.wins, losses: r.losses, draws: r.draws })}</span>
        </>
      ) : (
        <span className="hint">{t('profile.noRating')}</span>
      )}
    </div>
  );
}

function History({ username }: { username: string }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const r = useApiGet<MatchHistoryPage>(`/api/users/${seg(username)}/matches?page=${page}&perPage=${PER_PAGE}`);
  const pages = r?.ok ? Math.max(1, Math.ceil(r.data.total / r.data.perPage)) : 1;
  return (
    <section className="panel history" aria-labelledby="history-title">
      <h2 id="history-title">{t('profile.history')}</h2>
      <Fetched r={r} isEmpty={(d) => d.matches.length === 0} emptyText={t('profile.noMatches')}>
        {(data) => (
          <div className="table-scroll">
            <table className="history-table">
              <thead>
                <tr>
                  <th>{t('profile.result')}</th>
                  <th>{t('profile.opponent')}</th>
                  <th className="hide-narrow">{t('profile.kind')}</th>
                  <th className="hide-narrow">{t('profile.roster')}</th>
                  <th>{t('profile.change')}</th>
                  <th className="hide-narrow">{t('profile.when')}</th>
                  <th>{t('profile.replay')}</th>
                </tr>
              </thead>
              <tbody>
                {historyRows(data.matches).map((row) =>
                  row.kind === 'game' ? <MatchRow key={row.m.matchId} m={row.m} /> : <SeriesRows key={row.series} row={row} />,
                )}
              </tbody>
            </table>
          </div>
        )}
      </Fetched>
      {r?.ok && pages > 1 && (
        <nav className="pager" aria-label={t('profile.history')}>
          <button className="btn small" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            {t('profile.previous')}
          </button>
          <span>{t('profile.page', { page, pages })}</span>
          <button className="btn small" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
            {t('profile.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** A best-of-three: one row for the match (its score), then a row per game, each with its replay. */
function SeriesRows({ row }: { row: Extract<HistoryRow, { kind: 'series' }> }) {
  const t = useT();
  const last = row.games[0]!;
  const o = last.opponent;
  const name = o.username ? o.username : t('profile.vsGuest', { name: o.name });
  return (
    <>
      <tr className="series-row" data-series={row.series}>
        <td>
          <span className={`result-badge ${row.outcome}`}>{t(`profile.${row.outcome}`)}</span>{' '}
          <b>{t('profile.seriesScore', { wins: row.wins, losses: row.losses })}</b>
        </td>
        <td>{o.username ? <a href={profilePath(o.username)}>{name}</a> : name}</td>
        <td className="hide-narrow">
          {tx(t)(`profile.kinds.${last.kind}`)} · {t('profile.bestOfThree')}
        </td>
        <td className="hide-narrow">{rosterName(last.starter)}</td>
        <RatingChange rating={row.rating} />
        <td className="hide-narrow">{new Date(last.endedAt).toLocaleString(language(), { dateStyle: 'short', timeStyle: 'short' })}</td>
        <td />
      </tr>
      {row.games.map((m, i) => (
        <MatchRow key={m.matchId} m={m} game={row.games.length - i} />
      ))}
    </>
  );
}

function MatchRow({ m, game }: { m: MatchSummary; game?: number }) {
  const t = useT();
  const o = m.opponent;
  const name = o.bot ? t('profile.vsBot', { name: o.name }) : o.username ? o.username : t('profile.vsGuest', { name: o.name });
  return (
    <tr data-match={m.matchId} className={game ? 'series-game' : undefined}>
      <td>
        {game !== undefined && <span className="hint">{t('profile.gameNo', { n: game })} </span>}
        <span className={`result-badge ${m.outcome}`}>{t(`profile.${m.outcome}`)}</span>
      </td>
      <td>{o.username ? <a href={profilePath(o.username)}>{name}</a> : name}</td>
      <td className="hide-narrow">{tx(t)(`profile.kinds.${m.kind}`)}</td>
      <td className="hide-narrow">{rosterName(m.starter)}</td>
      {/* A best-of-three's change belongs to the match (its row above), not to the game that recorded it. */}
      <RatingChange rating={game === undefined ? m.rating : null} />
      <td className="hide-narrow">{new Date(m.endedAt).toLocaleString(language(), { dateStyle: 'short', timeStyle: 'short' })}</td>
      <td>
        <a className="btn small" href={`#/replay/${m.matchId}`} aria-label={t('profile.watchReplay', { name: o.username ?? o.name })}>
          {t('profile.replay')}
        </a>
      </td>
    </tr>
  );
}

/** The rating column: the change, signed, and the rating after it; "—" for an unrated game. */
function RatingChange({ rating }: { rating: MatchSummary['rating'] }) {
  return (
    <td className="rating-change">
      {rating ? (
        <>
          <b className={rating.after > rating.before ? 'up' : rating.after < rating.before ? 'down' : ''}>{ratingDelta(rating.before, rating.after)}</b>{' '}
          <span className="hint">{roundRating(rating.after)}</span>
        </>
      ) : (
        '—'
      )}
    </td>
  );
}
