/**
 * Decks this browser kept in localStorage before decks lived on the server are sent to the server once
 * (`POST /api/decks/import`, which skips a deck it already holds by name and code), the first time this browser
 * talks to a server that keeps decks; a flag remembers it was done, so a deck deleted on the server later does
 * not come back from this browser. Only decks with a code travel: a deck saved while it was not legal has none.
 */
import { DECK_NAME_MAX, DECKS_PER_ACCOUNT, type DeckBody } from '@vroyale/protocol';

export const IMPORTED_KEY = 'vroyale.decks.imported';

export interface LocalDeck {
  name: string;
  code: string | null;
}

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The import's body, or null when there is nothing to send (done before, or no deck with a code). */
export function decksToImport(local: readonly LocalDeck[], done: boolean): DeckBody[] | null {
  if (done) return null;
  const out: DeckBody[] = [];
  for (const d of local) {
    if (!d.code) continue;
    const name = (d.name ?? '').trim().slice(0, DECK_NAME_MAX) || 'Deck';
    out.push({ name, code: d.code });
  }
  return out.length ? out.slice(0, DECKS_PER_ACCOUNT) : null;
}

/**
 * Imports once: true when something was sent and accepted. The flag is set once the server took the decks, or
 * when there was nothing to take; a failed request leaves it unset, so the next visit tries again.
 */
export async function importOnce(storage: Store, local: readonly LocalDeck[], send: (decks: DeckBody[]) => Promise<boolean>): Promise<boolean> {
  const done = storage.getItem(IMPORTED_KEY) !== null;
  const body = decksToImport(local, done);
  if (!body) {
    if (!done) storage.setItem(IMPORTED_KEY, String(Date.now()));
    return false;
  }
  if (!(await send(body))) return false;
  storage.setItem(IMPORTED_KEY, String(Date.now()));
  return true;
}
