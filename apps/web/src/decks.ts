/**
 * The roster choices a manager can bring to a room or a queue: the starters and this person's decks on the
 * server (net/account-sync.ts keeps them in the store). Decks this browser saved before decks lived on the
 * server (`localDecks`) are read only to import them once (net/import-once.ts).
 */
import type { DeckRecord } from '@vroyale/protocol';
import { language, t } from './i18n';
// The starters alone (ids, names, lists): the lobby must not pull in the whole validated pool.
import { starterRosters } from '@vroyale/cards/starters';

/** A deck as this browser kept it before issue 17 (localStorage `vroyale.decks`). */
export interface SavedDeck {
  id: string;
  name: string;
  centre: string;
  cards: string[];
  /** The deck code the server reads ('v1-...'); null while the deck is not legal. */
  code: string | null;
  savedAt: number;
}

const KEY = 'vroyale.decks';
const CHOICE_KEY = 'vroyale.roster';

export function localDecks(): SavedDeck[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as SavedDeck[]).filter((d) => d && typeof d.id === 'string' && Array.isArray(d.cards)) : [];
  } catch {
    return [];
  }
}

export interface RosterOption {
  /** What the server is sent: a starter id or a deck code. */
  value: string;
  label: string;
  detail: string;
}

export const isDeckCode = (v: string): boolean => /^v\d+-[A-Za-z0-9_-]+$/.test(v);

export function rosterOptions(decks: readonly DeckRecord[] | null): RosterOption[] {
  const out: RosterOption[] = starterRosters.map((s) => ({
    value: s.id,
    label: t('lobby.starter', { name: s.name }),
    detail: language() === 'ja' ? s.strategyJa : s.strategy,
  }));
  const seen = new Set<string>();
  for (const d of [...(decks ?? [])].sort((a, b) => a.name.localeCompare(b.name))) {
    if (seen.has(d.code)) continue;
    seen.add(d.code);
    out.push({ value: d.code, label: t('lobby.myDeck', { name: d.name }), detail: t('account.deckDetail') });
  }
  return out;
}

/** The roster chosen last time: a starter, or a deck code (the server judges it; its deck may still be loading). */
export function lastRoster(): string {
  const v = localStorage.getItem(CHOICE_KEY);
  if (v && (isDeckCode(v) || starterRosters.some((s) => s.id === v))) return v;
  return starterRosters[0]!.id;
}

export function rememberRoster(v: string): void {
  localStorage.setItem(CHOICE_KEY, v);
}
