/**
 * Who this browser is (issue 17): the httpOnly session cookie, never script-held. Before the socket connects,
 * `GET /api/me`; without a session (401) `POST /api/auth/guest` makes one, adopting the token an older version
 * of this app kept in localStorage (so a returning guest keeps their seats and history) and the saved display
 * name; the token is then forgotten here, the cookie holds the session. Signing in, out or up changes the
 * cookie, and only a new socket handshake reads it: `resync()` re-identifies, reloads the account's decks and
 * settings, and reconnects the socket (which says hello again).
 */
import type { ChangePasswordBody, LoginBody, Me, RegisterBody } from '@vroyale/protocol';
import { t } from '../i18n';
import { store, toast } from '../store';
import { loadAccountData } from './account-sync';
import { api, type ApiResult } from './api';
import { whenSessionEnds } from './inbound';
import { connect, LEGACY_TOKEN_KEY, reconnect, savedName } from './session';

/** Who the cookie is, making a guest session when there is none. null: the server has no accounts API (yet) or is unreachable. */
export async function identify(): Promise<Me | null> {
  let me = await api<Me>('GET', '/api/me');
  if (!me.ok && me.status === 403 && me.error.error === 'banned') {
    // A banned account's session is refused everywhere: this browser goes on as a new guest, told why.
    toast(t('account.error.banned'));
    await api('POST', '/api/auth/logout');
    me = await api<Me>('GET', '/api/me');
  }
  if (me.ok) {
    forgetLegacyToken();
    store.setState({ account: me.data });
    return me.data;
  }
  if (me.status !== 401) {
    store.setState({ account: null });
    return null;
  }
  const token = legacyToken();
  const name = savedName();
  // 200 or 201 with the session's Me (docs/api.md), and the cookie.
  const guest = await api<Me>('POST', '/api/auth/guest', { ...(token ? { token } : {}), ...(name ? { name } : {}) });
  // An old token that is no use any more (expired, a banned account's) is dropped, and a fresh guest made.
  const made = !guest.ok && token ? await api<Me>('POST', '/api/auth/guest', name ? { name } : {}) : guest;
  if (!made.ok) {
    store.setState({ account: null });
    return null;
  }
  forgetLegacyToken();
  store.setState({ account: made.data });
  return made.data;
}

function legacyToken(): string | null {
  try {
    return localStorage.getItem(LEGACY_TOKEN_KEY);
  } catch {
    return null;
  }
}

function forgetLegacyToken(): void {
  try {
    localStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    /* storage unavailable: nothing was kept either */
  }
}

/** Page start: who we are, this person's settings and decks, then the socket. */
export async function start(): Promise<void> {
  store.setState({ conn: 'connecting' });
  const me = await identify();
  if (me) await loadAccountData();
  connect();
}

let resyncing: Promise<void> | null = null;
/** This page is changing its own session (sign in, out): the server's 'signed-out' notice is expected, not news. */
let ownChange = 0;

/** After the session changed (signed in, out, up, or ended by the server): everything that hangs on it again. */
export function resync(): Promise<void> {
  resyncing ??= (async () => {
    try {
      store.setState({ decks: null, queue: { status: 'idle' }, challenges: {} });
      const me = await identify();
      if (me) await loadAccountData();
      reconnect();
    } finally {
      resyncing = null;
    }
  })();
  return resyncing;
}

type Fail = Extract<ApiResult<unknown>, { ok: false }>;

/** Creates an account (the guest session in use becomes it: decks, history and settings kept). */
export async function register(body: RegisterBody): Promise<Fail | null> {
  const r = await api<unknown>('POST', '/api/auth/register', body);
  if (!r.ok) return r;
  await resync();
  toast(t('account.welcome', { name: body.username }), 'info');
  return null;
}

export async function login(body: LoginBody): Promise<Fail | null> {
  const r = await own(() => api<unknown>('POST', '/api/auth/login', body));
  if (!r.ok) return r;
  await resync();
  toast(t('account.signedInAs', { name: store.getState().account?.username ?? body.username }), 'info');
  return null;
}

/** Signs this browser out (`everywhere`: every session of the account); this browser goes on as a new guest. */
export async function logout(everywhere = false): Promise<Fail | null> {
  const r = await own(() => api<unknown>('POST', everywhere ? '/api/auth/logout-all' : '/api/auth/logout'));
  // A session already gone (401) is signed out all the same.
  if (!r.ok && r.status !== 401) return r;
  await resync();
  toast(everywhere ? t('account.signedOutEverywhere') : t('account.signedOutHere'), 'info');
  return null;
}

export async function changePassword(body: ChangePasswordBody): Promise<Fail | null> {
  const r = await own(() => api<unknown>('POST', '/api/auth/password', body));
  return r.ok ? null : r;
}

/** Runs a request that changes this page's own session; notices that arrive meanwhile (and just after) are ours. */
async function own<T>(f: () => Promise<T>): Promise<T> {
  ownChange++;
  try {
    return await f();
  } finally {
    setTimeout(() => ownChange--, 2000);
  }
}

/** The server ended this session (signed out everywhere, password changed elsewhere, banned): back to a guest. */
export function sessionEnded(): void {
  if (ownChange === 0) toast(t('account.sessionEnded'), 'info');
  void resync();
}

whenSessionEnds(sessionEnded);
