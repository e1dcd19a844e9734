/**
 * The leaderboard (`#/leaderboard[/<queue>]`: ranked, casual, ranked-bo3, casual-bo3; a lazy chunk): top players by
 * rating, one tab per rating queue (issue 34 §1: a best of three is its own queue and rating).
 */
import '../../i18n/later-texts';
import type { Leaderboard, RatingQueue } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { RATING_QUEUE_ORDER } from '../../play/queue-choice';
import { ratingQueueText } from '../play/queue-words';
import { profilePath } from '../route';
import { roundRating } from './rating-text';
import { Fetched } from './fetched';
import { useApiGet } from './use-api';
import './profile.css';

export default function LeaderboardPage({ queue }: { queue: RatingQueue }) {
  const t = useT();
  const r = useApiGet<Leaderboard>(`/api/leaderboard?queue=${queue}&limit=50`);
  return (
    <div className="profile-page">
      <header className="lobby-head">
        <a className="btn ghost" href="#/">
          {t('room.lobby')}
        </a>
        <h1>{t('profile.leaderboard')}</h1>
      </header>
      <section className="panel">
        <nav className="tabs board-tabs" aria-label={t('play.queue')}>
          {RATING_QUEUE_ORDER.map((q) => (
            <a key={q} href={`#/leaderboard/${q}`} aria-current={q === queue ? 'page' : undefined} className={q === queue ? 'on' : ''}>
              {ratingQueueText(q)}
            </a>
          ))}
        </nav>
        <Fetched r={r} isEmpty={(d) => d.entries.length === 0} emptyText={t('profile.noEntries')}>
          {(data) => (
            <div className="table-scroll">
              <table className="history-table leaderboard">
                <thead>
                  <tr>
                    <th>{t('profile.rank')}</th>
                    <th>{t('profile.player')}</th>
                    <th>{t('profile.rating')}</th>
                    {/* A best of three's rating counts matches, not games. */}
                    <th>{t(queue.endsWith('-bo3') ? 'profile.matchesPlayed' : 'profile.games')}</th>
                    <th>{t('profile.wins')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.username}>
                      <td>{e.rank}</td>
                      <td>
                        <a href={profilePath(e.username)}>{e.username}</a>
                      </td>
                      <td className="lb-rating">
                        <span className="nowrap">{t('profile.ratingLine', { rating: roundRating(e.rating), rd: roundRating(e.rd) })}</span>{' '}
                        {e.provisional && (
                          <span className="badge provisional" title={t('profile.provisionalHint')}>
                            {t('profile.provisional')}
                          </span>
                        )}
                      </td>
                      <td>{e.games}</td>
                      <td>{e.wins}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Fetched>
      </section>
    </div>
  );
}
