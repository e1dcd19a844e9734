/**
 * The standings as the server ranks them: rank, player (opens their matches; dropped players marked), points,
 * W-L-D and the tiebreakers as percentages. On a phone the game-win columns fold away (a player's dialog has all
 * three), and whatever is still too wide scrolls sideways inside the box, never the page.
 */
import '../../i18n/later-texts';
import type { TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import type { NameOf } from './names';
import { pct, record } from './words';

export function Standings({ v, nameOf, onPlayer }: { v: TournamentView; nameOf: NameOf; onPlayer: (id: string) => void }) {
  const t = useT();
  const dropped = new Map(v.players.map((p) => [p.id, p.droppedAfterRound]));
  return (
    <section className="panel event-standings" aria-labelledby="standings-title">
      <h2 id="standings-title">{t('events.standings.title')}</h2>
      {v.standings.length === 0 ? (
        <p className="hint">{t('events.standings.none')}</p>
      ) : (
        <>
          <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="standings-title">
            <table className="event-table standings-table">
              <thead>
                <tr>
                  <th className="num">{t('events.standings.rank')}</th>
                  <th>{t('events.standings.player')}</th>
                  <th className="num">{t('events.standings.points')}</th>
                  <th className="num">{t('events.standings.record')}</th>
                  <th className="num">{t('events.standings.omw')}</th>
                  <th className="num hide-narrow">{t('events.standings.gw')}</th>
                  <th className="num hide-narrow">{t('events.standings.ogw')}</th>
                </tr>
              </thead>
              <tbody>
                {v.standings.map((s) => {
                  const d = dropped.get(s.id);
                  const you = s.id === v.you?.playerId;
                  return (
                    <tr key={s.id} className={`${you ? 'mine' : ''}${d !== undefined ? ' dropped' : ''}`}>
                      <td className="num">{s.rank}</td>
                      <td>
                        <button
                          className="linkish player-name"
                          onClick={() => onPlayer(s.id)}
                          title={t('events.standings.showMatches', { name: nameOf(s.id) })}
                        >
                          {nameOf(s.id)}
                        </button>
                        {you && <span className="chip you-chip">{t('events.standings.you')}</span>}
                        {d !== undefined && (
                          <span className="chip dropped-chip" title={t('events.standings.droppedAfter', { n: d })}>
                            {t('events.standings.dropped')}
                          </span>
                        )}
                      </td>
                      <td className="num points">{s.points}</td>
                      <td className="num">{record(s)}</td>
                      <td className="num">{pct(s.omw)}</td>
                      <td className="num hide-narrow">{pct(s.gw)}</td>
                      <td className="num hide-narrow">{pct(s.ogw)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <p className="hint small-print">{t('events.standings.tiebreakers')}</p>
        </>
      )}
    </section>
  );
}

/** Before the first round: who has registered. */
export function PlayerList({ v, nameOf }: { v: TournamentView; nameOf: NameOf }) {
  const t = useT();
  return (
    <section className="panel event-players" aria-labelledby="players-title">
      <h2 id="players-title">{t('events.players.title', { count: v.players.length })}</h2>
      {v.players.length === 0 ? (
        <p className="hint">{t('events.players.none')}</p>
      ) : (
        <ul className="player-chips">
          {v.players.map((p) => (
            <li key={p.id} className={p.id === v.you?.playerId ? 'mine' : undefined}>
              {nameOf(p.id)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
