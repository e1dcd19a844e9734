/**
 * The round's pairings: table, the two players (each opens their matches), the result, and a Watch link to the
 * room (spectating) — for the user's own table Play, the room the server seated them in. While a ready check is
 * open before a Swiss round, the last round's results.
 */
import '../../i18n/later-texts';
import type { TournamentPairing, TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { currentRound, isLive, matchFor, youDropped } from './event-state';
import type { NameOf } from './names';
import { cutSizeOf, roundName, scoreText } from './words';

export function Pairings({ v, nameOf, onPlayer }: { v: TournamentView; nameOf: NameOf; onPlayer: (id: string) => void }) {
  const t = useT();
  const round = currentRound(v);
  if (!round) return null;
  const live = isLive(v, round);
  // A cut round is paired before its ready check: its tables are shown as pairings, not as results.
  const upcoming = live || round.pairings.some((m) => m.b !== null && !m.result);
  const title = roundName(round.stage, round.number, cutSizeOf(v));
  return (
    <section className="panel event-pairings" aria-labelledby="pairings-title">
      <h2 id="pairings-title">{upcoming ? t('events.pairings.title', { round: title }) : t('events.pairings.lastTitle', { round: title })}</h2>
      {round.pairings.length === 0 ? (
        <p className="hint">{t('events.pairings.none')}</p>
      ) : (
        <div className="table-scroll">
          <table className="event-table pairings-table">
            <thead>
              <tr>
                <th className="num">{t('events.pairings.table')}</th>
                <th>{t('events.pairings.playerA')}</th>
                <th className="num">{t('events.pairings.result')}</th>
                <th>{t('events.pairings.playerB')}</th>
                <th>
                  <span className="sr-only">{t('events.pairings.watch')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {round.pairings.map((m) => (
                <PairingRow key={m.table} m={m} v={v} nameOf={nameOf} onPlayer={onPlayer} live={live} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PairingRow({
  m,
  v,
  nameOf,
  onPlayer,
  live,
}: {
  m: TournamentPairing;
  v: TournamentView;
  nameOf: NameOf;
  onPlayer: (id: string) => void;
  live: boolean;
}) {
  const t = useT();
  const me = v.you?.playerId;
  const mine = !!me && (m.a === me || m.b === me);
  const a = matchFor(m, m.a);
  const player = (id: string) => (
    <button
      className={`linkish player-name${id === me ? ' is-you' : ''}`}
      onClick={() => onPlayer(id)}
      title={t('events.standings.showMatches', { name: nameOf(id) })}
    >
      {nameOf(id)}
    </button>
  );
  let result;
  if (m.b === null) result = <span className="chip">{t('events.pairings.bye')}</span>;
  else if (a.games) result = <b className={`score ${a.outcome}`}>{scoreText(a.games)}</b>;
  else result = <span className="hint">{live ? t('events.pairings.playing') : '–'}</span>;
  let action = null;
  if (m.b !== null && m.roomId && live && !m.result)
    action =
      mine && !youDropped(v) ? (
        <a className="btn primary small" href={`#/room/${m.roomId}`} aria-label={t('events.pairings.playMatch', { name: nameOf(m.a === me ? m.b : m.a) })}>
          {t('events.pairings.play')}
        </a>
      ) : (
        <a className="btn small" href={`#/room/${m.roomId}`} aria-label={t('events.pairings.watchMatch', { a: nameOf(m.a), b: nameOf(m.b) })}>
          {t('events.pairings.watch')}
        </a>
      );
  return (
    <tr className={mine ? 'mine' : undefined}>
      <td className="num">{m.table}</td>
      <td className={a.outcome === 'win' || a.outcome === 'bye' ? 'won' : undefined}>{player(m.a)}</td>
      <td className="num">{result}</td>
      <td className={a.outcome === 'loss' ? 'won' : undefined}>{m.b !== null ? player(m.b) : <span className="hint">—</span>}</td>
      <td className="act">{action}</td>
    </tr>
  );
}
