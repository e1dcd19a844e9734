/**
 * Mounted app-wide (ui/app.tsx, so small and eager): when an event this user plays in opens a ready check they have
 * not confirmed, or their match of the round is waiting, a banner says so anywhere in the app — except on that
 * event's page, which says it bigger, and (for the match) in its room. The banner and its texts are a lazy chunk,
 * fetched only when there is something to say.
 */
import { lazy, Suspense } from 'react';
import { useApp } from '../../store';
import type { Route } from '../route';
import { attentionOf, type Attention } from './event-state';

const TournamentBanner = lazy(() => import('./tournament-banner'));

export function TournamentAlerts({ route }: { route: Route }) {
  const all = useApp((s) => s.tournaments);
  const items: { id: string; name: string; a: Attention }[] = [];
  for (const v of Object.values(all)) {
    const a = attentionOf(v);
    if (!a) continue;
    if (route.name === 'event' && route.id === v.id) continue;
    if (a.kind === 'play' && route.name === 'room' && route.id === a.roomId) continue;
    items.push({ id: v.id, name: v.name, a });
  }
  if (items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <TournamentBanner items={items} />
    </Suspense>
  );
}
