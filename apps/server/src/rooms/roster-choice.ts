/**
 * What a manager brings to a room: a starter roster id or a deck code, turned into a roster and checked with
 * the engine's `validateRoster` (the same check the web app's deck builder runs).
 * Deck codes use the engine's decoder: from '@vroyale/engine' once its index exports it, else from the
 * engine's source file (packages/engine/src/deck/deck-code.ts) while it is not exported yet.
 */
import * as engine from '@vroyale/engine';
import { validateRoster, type CardDef, type Roster } from '@vroyale/engine';
import { starterRosters } from '@vroyale/cards';

type DecodeResult = { ok: true; roster: Roster } | { ok: false; code: string; message: string };
export type DeckCodeDecoder = (code: string, pool: Record<string, CardDef>) => DecodeResult;

export type RosterResult = { ok: true; roster: Roster; label: string } | { ok: false; message: string };

/** Finds the engine's deck-code decoder; null when there is none (deck codes are then refused politely). */
export async function loadDeckCodeDecoder(): Promise<DeckCodeDecoder | null> {
  const exported = (engine as unknown as Record<string, unknown>).decodeDeckCode;
  if (typeof exported === 'function') return exported as DeckCodeDecoder;
  try {
    // A computed specifier keeps the type checker from depending on a file another engineer owns.
    const path = '../../../../packages/engine/src/deck/deck-code.js';
    const mod = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
    return typeof mod.decodeDeckCode === 'function' ? (mod.decodeDeckCode as DeckCodeDecoder) : null;
  } catch {
    return null;
  }
}

export function starterIds(): string[] {
  return starterRosters.map((s) => s.id);
}

export function resolveRoster(choice: string, pool: Record<string, CardDef>, decode: DeckCodeDecoder | null): RosterResult {
  const starter = starterRosters.find((s) => s.id === choice);
  let roster: Roster;
  if (starter) roster = { centre: starter.centre, cards: [...starter.cards] };
  else if (/^v\d+-/.test(choice)) {
    if (!decode) return { ok: false, message: 'Deck codes are not available on this server yet; pick a starter roster' };
    const d = decode(choice, pool);
    if (!d.ok) return { ok: false, message: d.message };
    roster = d.roster;
  } else return { ok: false, message: `Unknown roster '${choice.slice(0, 40)}': use a starter (${starterIds().join(', ')}) or a deck code` };
  const problems = validateRoster(roster, pool);
  if (problems.length > 0) return { ok: false, message: problems.map((p) => p.message).join('; ') };
  return { ok: true, roster, label: starter ? starter.id : 'deck code' };
}
