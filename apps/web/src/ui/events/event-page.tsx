/**
 * One tournament's page (`#/events/ID`, `?invite=CODE` for an invite-only event; the Events chunk). It watches the
 * event while open (again after each hello) and renders the user's view of it: the header with the countdown to
 * what comes next (registration's close, the ready check's deadline, the round's end, from `serverNow`), the ready
 * check first and big when it waits for this user, their match with its Play link, the bracket, the round's
 * pairings, the standings (a player opens their matches), registration, Drop, the organiser's tools, and at the
 * end the champion and the published lists. Everything comes from the server's view.
 */
import '../../i18n/later-texts';
import { useEffect, useMemo, useState } from 'react';
import type { TournamentRef, TournamentView } from '@vroyale/protocol';
import { useT } from '../../i18n';
import { dropOut, unwatchTournament, watchTournament } from '../../net/tournaments';
import { store, useApp } from '../../store';
import { useNow } from '../play/use-now';
import { Bracket } from './bracket';
import { ConfirmDialog } from '../confirm-dialog';
import { deadlineOf, timeLeft, youDropped } from './event-state';
import { Champion, PublishedLists } from './event-end';
import { EventsHead } from './events-head';
import { namesOf } from './names';
import { OrganiserTools } from './organiser-tools';
import { Pairings } from './pairings';
import { PlayerResults } from './player-results';
import { ReadyCheck, YourMatch } from './ready-check';
import { Registration } from './registration';
import { PlayerList, Standings } from './standings';
import { countdown, formatLong, viewStatus } from './words';
import './events.css';

export default function EventPage({ id, invite }: { id: string; invite: string | null }) {
  const t = useT();
  const v = useApp((s) => s.tournaments[id]);
  const conn = useApp((s) => s.conn);
  const me = useApp((s) => s.me?.userId);
  const [missing, setMissing] = useState(false);
  const at = useMemo<TournamentRef>(() => (invite ? { tournamentId: id, invite } : { tournamentId: id }), [id, invite]);

  useEffect(() => {
    if (conn !== 'online' || !me) return;
    let live = true;
    void watchTournament(at).then((r) => live && setMissing(!r.ok && r.code === 'tournament-not-found'));
    return () => {
      live = false;
    };
  }, [at, conn, me]);
  // Leaving the page stops watching, unless this user plays on in it: then their ready checks must still reach them.
  useEffect(
    () => () => {
      const last = store.getState().tournaments[id];
      const playing = last?.you && !youDropped(last) && last.status !== 'finished' && last.status !== 'cancelled';
      if (!playing) unwatchTournament(id);
    },
    [id],
  );

  if (!v)
    return (
      <div className="events-page">
        <EventsHead title={t('events.title')} back="events" />
        {missing ? (
          <p className="panel" role="alert">
            {t('events.notFound')}
          </p>
        ) : (
          <p className="loading">{t('events.loading')}</p>
        )}
      </div>
    );
  return <Event v={v} at={at} />;
}

function Event({ v, at }: { v: TournamentView; at: TournamentRef }) {
  const t = useT();
  const nameOf = useMemo(() => namesOf(v), [v]);
  const [player, setPlayer] = useState<string | null>(null);
  const started = v.status !== 'registration';
  return (
    <div className="events-page event-page">
      <EventsHead title={v.name} back="events" />
      <EventInfo v={v} />
      <Champion v={v} nameOf={nameOf} />
      <ReadyCheck v={v} at={at} />
      <YourMatch v={v} nameOf={nameOf} />
      <div className="event-grid">
        <div className="event-main">
          <Bracket v={v} nameOf={nameOf} onPlayer={setPlayer} />
          {started && <Pairings v={v} nameOf={nameOf} onPlayer={setPlayer} />}
          {started ? <Standings v={v} nameOf={nameOf} onPlayer={setPlayer} /> : <PlayerList v={v} nameOf={nameOf} />}
          <PublishedLists v={v} nameOf={nameOf} />
        </div>
        <aside className="event-side">
          {(!started || v.you) && <Registration v={v} at={at} />}
          <DropSection v={v} at={at} />
          <OrganiserTools v={v} nameOf={nameOf} />
        </aside>
      </div>
      {player && <PlayerResults v={v} playerId={player} nameOf={nameOf} onClose={() => setPlayer(null)} />}
    </div>
  );
}

/** Who runs it, how it is played, where it stands, and the countdown to what comes next. */
function EventInfo({ v }: { v: TournamentView }) {
  const t = useT();
  const heardAt = useApp((s) => s.tournamentAt[v.id]) ?? Date.now();
  const next = deadlineOf(v);
  const now = useNow(next !== null, 500);
  const clock = 'untimed' in v.clock ? null : v.clock;
  return (
    <section className="event-info" aria-label={t('events.organiser', { name: v.organiser })}>
      <div className="event-facts">
        <span className={`status-chip s-${v.status}`}>{viewStatus(v)}</span>
        <span>{t('events.organiser', { name: v.organiser })}</span>
        <span>{formatLong(v.format)}</span>
        {clock && <span>{t('events.clock', { min: Math.round(clock.initialMs / 60_000), s: Math.round(clock.incrementMs / 1000) })}</span>}
        <span>{t('events.roundTime', { min: v.roundMinutes })}</span>
        {v.visibility === 'invite' && <span className="chip">{t('events.inviteOnly')}</span>}
      </div>
      {next && (
        <div className={`event-countdown c-${next.kind}`} role="timer">
          <small>{t(`events.countdown.${next.kind}`)}</small>
          <b className="countdown">{countdown(timeLeft(next.at, v.serverNow, heardAt, now))}</b>
        </div>
      )}
      {v.phase.kind === 'playing' && v.phase.timeCalled && <p className="time-called">{t('events.timeCalled')}</p>}
    </section>
  );
}

/** Drop from the event (asked first): the player is not paired again; their results stay. */
function DropSection({ v, at }: { v: TournamentView; at: TournamentRef }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  if (!v.you || (v.status !== 'running' && v.status !== 'paused')) return null;
  if (youDropped(v))
    return (
      <section className="panel event-drop" role="status">
        <p>{t('events.drop.dropped')}</p>
      </section>
    );
  return (
    <section className="panel event-drop">
      <button className="btn danger" aria-haspopup="dialog" onClick={() => setAsking(true)}>
        {t('events.drop.button')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('events.drop.title', { name: v.name })}
          text={t('events.drop.text')}
          keep={t('events.drop.keep')}
          confirm={t('events.drop.confirm')}
          onConfirm={() => dropOut(at)}
          onClose={() => setAsking(false)}
        />
      )}
    </section>
  );
}
