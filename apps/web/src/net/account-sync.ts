/**
 * The account's decks and settings, which live on the server (issue 17 §2) so they follow the person to any
 * browser. Loaded after every change of identity (net/identity.ts); decks this browser held before are imported
 * once (import-once.ts). Settings: the server's copy wins when it has one; an account that never saved any gets
 * this browser's. Later changes (interface settings, stops) are written back, debounced.
 */
import type { AccountSettings, DeckBody, DeckPatch, DeckRecord, SettingsBody } from '@vroyale/protocol';
import { localDecks } from '../decks';
import { t } from '../i18n';
import { changeSettings, settings, settingsFrom } from '../settings';
import { store, toast } from '../store';
import { api, seg } from './api';
import { apiErrorText } from './api-errors';
import { isSettingsBody, isStopSettings } from './settings-check';
import { rememberStops, savedStops } from './stops';
import { importOnce } from './import-once';

export async function loadAccountData(): Promise<void> {
  await Promise.all([loadSettings(), loadDecks()]);
}

// ---------------------------------------------------------------------------------------------------------
// Decks

export async function loadDecks(): Promise<void> {
  await importOnce(localStorage, localDecks(), async (decks) => (await api('POST', '/api/decks/import', { decks })).ok).catch(() => false);
  const r = await api<{ decks: DeckRecord[] }>('GET', '/api/decks');
  if (r.ok) store.setState({ decks: r.data.decks });
}

/** Creates (no id) or updates a deck; the saved record, or null after showing why not. */
export async function saveDeck(id: string | null, body: DeckBody): Promise<DeckRecord | null> {
  const r = id ? await api<DeckRecord>('PATCH', `/api/decks/${seg(id)}`, body satisfies DeckPatch) : await api<DeckRecord>('POST', '/api/decks', body);
  if (!r.ok) {
    toast(apiErrorText(r));
    return null;
  }
  store.setState((s) => ({ decks: [...(s.decks ?? []).filter((d) => d.id !== r.data.id), r.data] }));
  return r.data;
}

export async function deleteDeck(id: string): Promise<boolean> {
  const r = await api('DELETE', `/api/decks/${seg(id)}`);
  if (!r.ok && r.status !== 404) {
    toast(apiErrorText(r));
    return false;
  }
  store.setState((s) => ({ decks: (s.decks ?? []).filter((d) => d.id !== id) }));
  return true;
}

// ---------------------------------------------------------------------------------------------------------
// Settings

let applying = false;
/** Changes are written back only once the account's settings were read: before, they are this page starting up. */
let synced = false;

/**
 * What the server keeps as the interface settings: this app's settings object (settings.ts). The language stays
 * this browser's (i18n/index.ts): it is as much the device's as the person's, and a page must not flip language
 * under someone who chose one here.
 */
function uiNow(): Record<string, unknown> {
  return { ...settings.getState() };
}

export async function loadSettings(): Promise<void> {
  synced = false;
  try {
    await readSettings();
  } finally {
    synced = true;
  }
}

async function readSettings(): Promise<void> {
  const userId = store.getState().account?.userId;
  // A change this browser made but had not saved yet (a reload within the pause) wins over the stored copy.
  const unsaved = userId ? takeUnsaved(userId) : null;
  const r = unsaved ? await api<AccountSettings>('PUT', '/api/settings', unsaved) : await api<AccountSettings>('GET', '/api/settings');
  if (!r.ok) return;
  if (r.data.ui === null) {
    // Never saved for this account: this browser's settings become the account's.
    await api('PUT', '/api/settings', { stops: savedStops(), ui: uiNow() } satisfies SettingsBody);
    return;
  }
  apply(r.data);
}

function apply(s: AccountSettings): void {
  applying = true;
  try {
    if (isStopSettings(s.stops)) rememberStops(s.stops);
    // Read back through this app's own check: anything it no longer understands keeps this browser's value.
    const ui = settingsFrom(s.ui);
    if (ui) {
      const { v: _v, ...rest } = ui;
      void _v;
      changeSettings(rest);
    }
  } finally {
    applying = false;
  }
}

/**
 * Changes not yet saved, kept in this browser too (with whose they are) until the server has them: a reload
 * inside the debounce pause, or a failed request, sends them on the next load instead of losing them.
 */
const UNSAVED_KEY = 'vroyale.settings.unsaved';

function keepUnsaved(userId: string, body: SettingsBody): void {
  try {
    localStorage.setItem(UNSAVED_KEY, JSON.stringify({ userId, body }));
  } catch {
    /* storage unavailable: the debounced request is all there is */
  }
}

function takeUnsaved(userId: string): SettingsBody | null {
  try {
    const raw = JSON.parse(localStorage.getItem(UNSAVED_KEY) ?? 'null') as { userId?: unknown; body?: unknown } | null;
    localStorage.removeItem(UNSAVED_KEY);
    if (!raw || raw.userId !== userId) return null;
    return isSettingsBody(raw.body) ? raw.body : null;
  } catch {
    return null;
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;
let pending: SettingsBody = {};

/** Writes settings back a moment after the last change (a volume slider makes many). */
function schedule(part: SettingsBody): void {
  const userId = store.getState().account?.userId;
  if (applying || !synced || !userId) return;
  pending = { ...pending, ...part };
  keepUnsaved(userId, pending);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => flush(false), SAVE_DEBOUNCE_MS);
}
export const SAVE_DEBOUNCE_MS = 800;

function flush(leaving: boolean): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const body = pending;
  pending = {};
  if (Object.keys(body).length === 0) return;
  if (leaving) {
    // The page is going away: a request that outlives it (the unsaved copy covers it failing).
    void fetch('/api/settings', {
      method: 'PUT',
      keepalive: true,
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).catch(() => undefined);
    return;
  }
  void api('PUT', '/api/settings', body).then((r) => {
    if (r.ok) {
      if (Object.keys(pending).length === 0) localStorage.removeItem(UNSAVED_KEY);
    } else if (r.status !== 401) toast(t('account.settingsNotSaved'));
  });
}

/** Started once by main.tsx: every later change of settings, stops or language goes to the account. */
export function watchSettings(): void {
  if (typeof window !== 'undefined') window.addEventListener('pagehide', () => flush(true));
  settings.subscribe(() => schedule({ ui: uiNow() }));
  // By value: the server's echo of the stops each hello sends (net/session.ts) is a new object with the same
  // values, and writing it back would leave an 'unsaved' copy that beats a newer change made elsewhere.
  let stops = JSON.stringify(store.getState().stops);
  store.subscribe((s) => {
    const now = JSON.stringify(s.stops);
    if (now === stops) return;
    stops = now;
    schedule({ stops: s.stops });
  });
}
