/**
 * The soak benchmark's other people: spectators who watch a live match for a while, leave, and pick another; and
 * account holders who sign in (HTTP login, then a socket that the cookie identifies), look at their account,
 * save settings, watch a little, and sign out (the sign-out notice must reach their socket), again and again.
 */
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { emit } from './bench-kit.js';
import { SOAK_PASSWORD } from './soak-players.js';
import type { Sock, World } from './soak-world.js';

/** Watches a random live match for 15-90 s, leaves, waits 2-10 s, and so on. Guest session, its own address. */
export async function spectator(w: World, tag: string, address: string): Promise<void> {
  let s: Sock | null = null;
  try {
    s = await w.socket(address);
    const hello = await emit(s, 'hello', { name: tag });
    if (!hello.ok) throw new Error(String(hello.message));
    while (!w.stopping) {
      const roomId = w.pick([...w.liveRooms]);
      if (!roomId) {
        await w.sleep(1_000);
        continue;
      }
      const r = await emit(s, 'room:spectate', { roomId });
      // A match that ended meanwhile is still watchable as a finished room; refusals are worth knowing.
      if (r.ok) w.tally.spectates++;
      else w.problem(`spectate ${roomId}: ${r.code}`);
      await w.sleep(w.uniform(15_000, 90_000));
      if (w.stopping) break;
      if (r.ok) {
        const left = await emit(s, 'room:leave', { roomId });
        if (left.ok) w.tally.spectateLeaves++;
        else w.problem(`leave ${roomId}: ${left.code}`);
      }
      await w.sleep(w.uniform(2_000, 10_000));
    }
  } catch (e) {
    if (!w.stopping) w.problem(`spectator ${tag}: ${(e as Error).message}`);
  } finally {
    s?.disconnect();
  }
}

/**
 * An account that signs in and out for the whole run. Registered once (no session: a new user); then, in a loop:
 * login → socket with the cookie → GET /api/me, GET /api/decks, PUT /api/settings → watch a match for a while →
 * logout (one time in ten, logout everywhere) → its socket gets `server:notice signed-out` → a pause.
 */
export async function signInAndOut(w: World, tag: string, address: string, holdMs: [number, number], pauseMs: [number, number]): Promise<void> {
  const username = `Churn${tag}`;
  try {
    const reg = await w.http('POST', '/api/auth/register', { body: { username, password: SOAK_PASSWORD } });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    w.tally.registrations++;
    // Each cycle starts at a different moment, not all at once.
    await w.sleep(w.uniform(0, pauseMs[1]));
    while (!w.stopping) {
      try {
        await signInOnce(w, username, address, holdMs);
      } catch (e) {
        if (!w.stopping) w.problem(`account ${username}: ${(e as Error).message}`);
      }
      await w.sleep(w.uniform(...pauseMs));
    }
  } catch (e) {
    if (!w.stopping) w.problem(`account ${username}: ${(e as Error).message}`);
  }
}

async function signInOnce(w: World, username: string, address: string, holdMs: [number, number]): Promise<void> {
  const login = await w.http('POST', '/api/auth/login', { body: { username, password: SOAK_PASSWORD } });
  if (login.status !== 200 || !login.setCookie) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  w.tally.signIns++;
  const cookie = login.setCookie;
  const s = await w.socket(address, { cookie });
  let noticed = false;
  s.on('server:notice', (n: { kind: string }) => {
    if (n.kind === 'signed-out') noticed = true;
  });
  try {
    const hello = await emit(s, 'hello', { name: 'ignored' });
    if (!hello.ok || hello.username !== username) throw new Error(`hello as ${username}: ${JSON.stringify(hello)}`);
    for (const [method, path, body] of [
      ['GET', '/api/me'],
      ['GET', '/api/decks'],
      ['PUT', '/api/settings', { stops: DEFAULT_STOP_SETTINGS }],
    ] as const) {
      const r = await w.http(method, path, { cookie, body });
      if (r.status !== 200) w.problem(`${method} ${path}: ${r.status}`);
      else if (method === 'PUT') w.tally.settingsSaved++;
    }
    const roomId = w.pick([...w.liveRooms]);
    if (roomId && (await emit(s, 'room:spectate', { roomId })).ok) w.tally.spectates++;
    await w.sleep(w.uniform(...holdMs));
    if (w.stopping) return;
    const out = await w.http('POST', w.rnd() < 0.1 ? '/api/auth/logout-all' : '/api/auth/logout', { cookie });
    if (out.status !== 204) throw new Error(`logout: ${out.status} ${JSON.stringify(out.body)}`);
    w.tally.signOuts++;
    for (let i = 0; i < 50 && !noticed && !w.stopping; i++) await w.sleep(100);
    if (noticed) w.tally.signedOutNotices++;
    else if (!w.stopping) w.problem(`${username}: no signed-out notice within 5 s`);
  } finally {
    s.disconnect();
  }
}
