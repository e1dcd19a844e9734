/**
 * What a manager brings to a room: a starter roster id or a deck code (the engine's `decodeDeckCode`),
 * turned into a roster and checked with the engine's `validateRoster` (the same check the web app's deck
 * builder runs).
 */
import { decodeDeckCode, validateRoster, validateSideDeck, type CardDef, type Roster } from '@vroyale/engine';
import { starterRosters } from '@vroyale/cards';

/** `side`: the side deck a deck code carried (PR-22), checked with the roster; empty for a starter. */
export type RosterResult = { ok: true; roster: Roster; side: string[]; label: string } | { ok: false; message: string };

export function starterIds(): string[] {
  return starterRosters.map((s) => s.id);
}

export function resolveRoster(choice: string, pool: Record<string, CardDef>): RosterResult {
  const starter = starterRosters.find((s) => s.id === choice);
  let roster: Roster;
  let side: string[] = [];
  if (starter) roster = { centre: starter.centre, cards: [...starter.cards] };
  else if (/^[vV]\d+-/.test(choice)) {
    const d = decodeDeckCode(choice, pool);
    if (!d.ok) return { ok: false, message: d.message };
    roster = d.roster;
    side = d.side;
  } else return { ok: false, message: `Unknown roster '${choice.slice(0, 40)}': use a starter (${starterIds().join(', ')}) or a deck code` };
  const problems = [...validateRoster(roster, pool), ...validateSideDeck(roster, side, pool)];
  if (problems.length > 0) return { ok: false, message: problems.map((p) => p.message).join('; ') };
  return { ok: true, roster, side, label: starter ? starter.id : 'deck code' };
}
