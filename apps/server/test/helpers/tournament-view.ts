/**
 * A test client's idea of a tournament, as the web app keeps it: the latest `tournament:update`, with the user's
 * own part laid over it from the latest message that carried one (`tournament:you`, or a personal view: a hello's).
 */
import type { TournamentView, TournamentYou } from '@vroyale/protocol';
import type { TestClient } from './test-client.js';

type Mine = Pick<TournamentView, 'you' | 'organiserTools'>;

export function latestTournament(c: TestClient, id: string): TournamentView | undefined {
  let view: TournamentView | undefined;
  let mine: Mine | undefined;
  for (let i = c.received.length - 1; i >= 0 && !(view && mine); i--) {
    const r = c.received[i]!;
    if (r.event === 'tournament:you' && (r.payload as TournamentYou).tournamentId === id) mine ??= r.payload as TournamentYou;
    if (r.event !== 'tournament:update' || (r.payload as TournamentView).id !== id) continue;
    const v = r.payload as TournamentView;
    view ??= v;
    if (v.you !== null || v.organiserTools !== null) mine ??= v;
  }
  return view && { ...view, you: mine?.you ?? null, organiserTools: mine?.organiserTools ?? null };
}
