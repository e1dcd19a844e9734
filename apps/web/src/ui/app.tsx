import { Component, lazy, Suspense, type ReactNode } from 'react';
import { t as translate, useT } from '../i18n';
import { useApp } from '../store';
import { HowToPlayPage } from './help';
import { KeywordTip } from './keyword-tip';
import { Lobby, NameForm } from './lobby';
import { SettingsRoute } from './settings-button';
import { navigate, useRoute } from './route';
import { IncomingChallenges } from './play/incoming-challenges';
import { TournamentAlerts } from './events/alert-mount';

const DeckBuilder = lazy(() => import('./deck-builder'));
const ReplayViewer = lazy(() => import('./replay'));
// Profiles and the leaderboard: pages of their own, fetched when opened.
const ProfilePage = lazy(() => import('./profile/profile-page'));
const LeaderboardPage = lazy(() => import('./profile/leaderboard-page'));
const AboutPage = lazy(() => import('./about/about-page'));
// Events (Swiss tournaments): the list and one event's page, one chunk with their texts.
const EventsPage = lazy(() => import('./events/events-page'));
const EventPage = lazy(() => import('./events/event-page'));
// Puzzles (issue 35 §2): the daily puzzle and the stream at the player's level.
const PuzzlesPage = lazy(() => import('./puzzles/puzzles-page'));
// The playmat (board, prompts, the engine's legality functions) is a chunk of its own: the lobby is the first
// page and needs none of it; the chunk is fetched while the room's first messages arrive.
const RoomScreen = lazy(() => import('./room').then((m) => ({ default: m.RoomScreen })));

function ConnBanner() {
  const conn = useApp((s) => s.conn);
  const t = useT();
  if (conn === 'online' || conn === 'idle') return null;
  return (
    <div className={`conn-banner conn-${conn}`} role="status">
      {conn === 'connecting' ? t('common.connecting') : t('common.reconnecting')}
    </div>
  );
}

function Toasts() {
  const toasts = useApp((s) => s.toasts);
  return (
    <div className="toasts" aria-live="assertive">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}

/** A rendering bug shows a way back instead of a blank page. */
class Boundary extends Component<{ children: ReactNode; resetKey: string }, { error: Error | null; key: string }> {
  override state = { error: null as Error | null, key: this.props.resetKey };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  static getDerivedStateFromProps(p: { resetKey: string }, s: { error: Error | null; key: string }) {
    return p.resetKey !== s.key ? { error: null, key: p.resetKey } : null;
  }
  override componentDidCatch(error: Error) {
    console.error('VRoyale UI error', error);
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="panel replay-error" role="alert">
        <h2>{translate('common.screenError')}</h2>
        <p className="hint">{this.state.error.message}</p>
        <button className="btn primary" onClick={() => location.reload()}>
          {translate('common.reload')}
        </button>
      </div>
    );
  }
}

export function App() {
  const route = useRoute();
  const me = useApp((s) => s.me);
  const t = useT();
  let screen;
  if (route.name === 'decks') screen = <DeckBuilder />;
  else if (route.name === 'replay') screen = <ReplayViewer matchId={route.id} />;
  else if (route.name === 'how-to-play') screen = <HowToPlayPage />;
  else if (route.name === 'profile') screen = <ProfilePage key={route.username} username={route.username} />;
  else if (route.name === 'leaderboard') screen = <LeaderboardPage queue={route.queue} />;
  else if (route.name === 'about') screen = <AboutPage />;
  else if ((route.name === 'events' || route.name === 'event' || route.name === 'puzzles') && !me)
    // Tournament calls need a hello: a browser without a saved name picks one first (as an invite link does).
    screen = (
      <div className="lobby lobby-welcome">
        <section className="panel hero">
          <h1>
            <span className="logo">V</span>Royale Online
          </h1>
          <NameForm />
        </section>
      </div>
    );
  else if (route.name === 'events') screen = <EventsPage />;
  else if (route.name === 'puzzles') screen = <PuzzlesPage />;
  else if (route.name === 'event') screen = <EventPage key={route.id} id={route.id} invite={route.invite} />;
  else if (route.name === 'room')
    screen = me ? (
      <RoomScreen key={route.id} roomId={route.id} />
    ) : (
      <div className="lobby lobby-welcome">
        <section className="panel hero">
          <h1>{t('common.invited')}</h1>
          <NameForm />
        </section>
      </div>
    );
  else if (route.name === 'settings')
    screen = (
      <>
        <Lobby />
        <SettingsRoute onClose={() => navigate('/')} />
      </>
    );
  else screen = <Lobby />;
  return (
    <>
      <ConnBanner />
      <Boundary resetKey={location.hash}>
        <Suspense fallback={<div className="loading">{t('common.loading')}</div>}>{screen}</Suspense>
      </Boundary>
      <IncomingChallenges />
      <TournamentAlerts route={route} />
      <Toasts />
      <KeywordTip />
    </>
  );
}
