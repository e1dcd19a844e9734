/**
 * The account's decks and settings, which live on the server (issue 17 §2) so they follow the person to any
 * browser. Loaded after every change of identity (net/identity.ts); decks this browser held before are imported
 * once (import-once.ts). Settings: the server's copy wins when it has one; an account that never saved any gets
 * this browser's. Later changes (interface settings, stops, language) are written back, debounced.
 */
import { StopSettings, type AccountSettings, type DeckBody, type DeckPatch, type DeckRecord, type SettingsBody } from '@vroyale/protocol';
import { localDecks } from '../decks';
import { language, setLanguage, t } from '../i18n';
import i18next from 'i18next';
import { changeSettings, settings, Settings } from '../settings';
import { store, toast } from '../store';
import { api, seg } from './api';
import { apiErrorText } from './api-errors';
import { rememberStops, savedStops } from './client';
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

/** What the server keeps as the interface settings: this app's settings object (settings.ts) and the language. */
function uiNow(): Record<string, unknown> {
  return { ...settings.getState(), language: language() };
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
  const r = await api<AccountSettings>('GET', '/api/settings');
  if (!r.ok) return;
  if (r.data.ui === null) {
    // Never saved for this account: this browser's settings become the account's.
    await api('PUT', '/api/settings', { stops: savedStops(), ui: uiNow() } satisfies SettingsBody);
    return;
  }
  applying = true;
  try {
    const stops = StopSettings.safeParse(r.data.stops);
    if (stops.success) rememberStops(stops.data);
    // Read back through this app's own schema: anything it no longer understands keeps this browser's value.
    const ui = Settings.safeParse(r.data.ui);
    if (ui.success) {
      const { v: _v, ...rest } = ui.data;
      void _v;
      changeSettings(rest);
    }
    const lang = r.data.ui['language'];
    if ((lang === 'en' || lang === 'ja') && lang !== language()) await setLanguage(lang);
  } finally {
    applying = false;
  }
}

let timer: ReturnType<typeof setTimeout> | null = null;
let pending: SettingsBody = {};

/** Writes settings back a moment after the last change (a volume slider makes many). */
function schedule(part: SettingsBody): void {
  if (applying || !synced || !store.getState().account) return;
  pending = { ...pending, ...part };
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    const body = pending;
    pending = {};
    timer = null;
    void api('PUT', '/api/settings', body).then((r) => {
      if (!r.ok && r.status !== 401) toast(t('account.settingsNotSaved'));
    });
  }, SAVE_DEBOUNCE_MS);
}
export const SAVE_DEBOUNCE_MS = 800;

/** Started once by main.tsx: every later change of settings, stops or language goes to the account. */
export function watchSettings(): void {
  settings.subscribe(() => schedule({ ui: uiNow() }));
  i18next.on('languageChanged', () => schedule({ ui: uiNow() }));
  let stops = store.getState().stops;
  store.subscribe((s) => {
    if (s.stops === stops) return;
    stops = s.stops;
    schedule({ stops });
  });
}
