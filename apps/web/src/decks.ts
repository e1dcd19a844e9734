/** Saved decks (localStorage) and the roster choices a manager can bring to a room. */
import { language, t } from './i18n';
// The starters alone (ids, names, lists): the lobby must not pull in the whole validated pool.
import { starterRosters } from '@vroyale/cards/starters';

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

export function loadDecks(): SavedDeck[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw) ? (raw as SavedDeck[]).filter((d) => d && typeof d.id === 'string' && Array.isArray(d.cards)) : [];
  } catch {
    return [];
  }
}

export function saveDecks(decks: SavedDeck[]): void {
  localStorage.setItem(KEY, JSON.stringify(decks));
}

export interface RosterOption {
  /** What the server is sent: a starter id or a deck code. */
  value: string;
  label: string;
  detail: string;
}

export function rosterOptions(): RosterOption[] {
  const out: RosterOption[] = starterRosters.map((s) => ({ value: s.id, label: t('lobby.starter', { name: s.name }), detail: language() === 'ja' ? s.strategyJa : s.strategy }));
  for (const d of loadDecks()) if (d.code) out.push({ value: d.code, label: t('lobby.myDeck', { name: d.name }), detail: t('lobby.cards', { count: d.cards.length }) });
  return out;
}

export function lastRoster(): string {
  const v = localStorage.getItem(CHOICE_KEY);
  const opts = rosterOptions();
  return v && opts.some((o) => o.value === v) ? v : opts[0]!.value;
}

export function rememberRoster(v: string): void {
  localStorage.setItem(CHOICE_KEY, v);
}
