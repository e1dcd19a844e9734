/** Players by their event-local id ("p3"): their display names, as the view lists them. */
import type { TournamentView } from '@vroyale/protocol';

export type NameOf = (id: string | null) => string;

export function namesOf(v: TournamentView): NameOf {
  const byId = new Map(v.players.map((p) => [p.id, p.name]));
  return (id) => (id === null ? '' : (byId.get(id) ?? id));
}
