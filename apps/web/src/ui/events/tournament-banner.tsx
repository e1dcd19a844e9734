/** The app-wide tournament banner (alert-mount.tsx decides when): a ready check's countdown with Confirm, or "your match is ready" with Play. */
import '../../i18n/later-texts';
import { useT } from '../../i18n';
import { useApp } from '../../store';
import { useNow } from '../play/use-now';
import { eventPath } from '../route';
import { timeLeft, type Attention } from './event-state';
import { countdown } from './words';
import './banner.css';

export default function TournamentBanner({ items }: { items: { id: string; name: string; a: Attention }[] }) {
  return (
    <div className="tournament-banners">
      {items.map((x) => (
        <Banner key={x.id} {...x} />
      ))}
    </div>
  );
}

function Banner({ id, name, a }: { id: string; name: string; a: Attention }) {
  const t = useT();
  const v = useApp((s) => s.tournaments[id]);
  const heardAt = useApp((s) => s.tournamentAt[id]) ?? Date.now();
  const now = useNow(a.kind === 'ready', 500);
  if (a.kind === 'ready') {
    const left = countdown(v ? timeLeft(a.deadline, v.serverNow, heardAt, now) : 0);
    return (
      <div className="tournament-banner ready" role="alert">
        <span>{t('events.ready.banner', { name, time: left })}</span>
        <a className="btn primary small" href={eventPath(id)}>
          {t('events.ready.bannerOpen')}
        </a>
      </div>
    );
  }
  return (
    <div className="tournament-banner play" role="status">
      <span>{t('events.ready.playBanner', { name })}</span>
      <a className="btn primary small" href={`#/room/${a.roomId}`}>
        {t('events.ready.playBannerGo')}
      </a>
    </div>
  );
}
