/**
 * The socket handshake reads the same session as HTTP (issue 17 §1): the cookie decides who a socket is (the
 * payload's token is ignored, the ack echoes no token), an account's seats and hello carry its username, a banned
 * account's hello is refused, and sign-out (one session, everywhere, password change) closes exactly the sockets of
 * the sessions that ended with `server:notice {kind:'signed-out'}` and runs the `onSignedOut` hooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoomState } from '@vroyale/protocol';
import { api, freshName, login, register } from './helpers/auth-http.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { sqliteOf } from './helpers/sqlite.js';

let t: TestServer;
const signedOut: [string, string][] = [];
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
  t.server.game.onSignedOut((userId, session) => signedOut.push([userId, session]));
});
afterAll(async () => {
  await t.close();
});

const connectAs = (cookie: string, name = 'whoever', token?: string) => TestClient.connect(t.url, name, token, { cookie });
const notices = (c: TestClient) => c.received.filter((m) => m.event === 'server:notice').map((m) => m.payload as { kind: string });
const closed = (c: TestClient) => c.waitFor(() => !c.socket.connected, 5_000, 'disconnect');

describe('the handshake session', () => {
  it("the cookie decides who the socket is: the account's username, no token in the ack, the payload token ignored", async () => {
    const username = freshName('Sock');
    const a = await register(t.url, username);
    const stranger = await TestClient.connect(t.url, 'Stranger');
    const c = await TestClient.connect(t.url, 'Pretender', stranger.token, { cookie: a.cookie });
    expect(c.userId).toBe(a.userId);
    const ack = await c.emit('hello', { name: 'Renamed', token: stranger.token });
    expect(ack).toMatchObject({ ok: true, userId: a.userId, name: username, username });
    expect(ack.ok && 'token' in ack).toBe(false);
    stranger.close();
    c.close();
  });

  it('without a cookie, hello works as before: a payload token or a new guest, the token in the ack', async () => {
    const c = await TestClient.connect(t.url, 'Plain');
    expect(c.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await TestClient.connect(t.url, 'Plain', c.token);
    expect(again.userId).toBe(c.userId);
    const ack = await again.emit('hello', { name: 'Plain', token: c.token });
    expect(ack).toMatchObject({ ok: true, token: c.token, username: null });
    // A guest's cookie (POST /api/auth/guest) works on the socket too, and its display name follows hello.
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'CookieGuest' } });
    const cg = await connectAs(g.cookie!, 'CookieGuest2');
    expect(cg.userId).toBe(g.body.userId);
    expect((await api(t.url, '/api/me', { cookie: g.cookie })).body.displayName).toBe('CookieGuest2');
    for (const x of [c, again, cg]) x.close();
  });

  it("an account's seat shows its username; hello's name does not rename an account", async () => {
    const username = freshName('Seat');
    const a = await register(t.url, username);
    const c = await connectAs(a.cookie, 'Someone Else');
    const played = await c.emit('room:play-bot', { roster: 'raid-night' });
    if (!played.ok) throw new Error(played.message);
    await c.waitFor(() => c.roomStates.has(played.roomId), 5_000, 'room state');
    const seat = (c.roomStates.get(played.roomId) as RoomState).seats.A!;
    expect(seat).toMatchObject({ name: username, username });
    const guest = await TestClient.connect(t.url, 'JustAGuest');
    const room = await guest.emit('room:create', { visibility: 'private' });
    if (!room.ok) throw new Error(room.message);
    await guest.emit('room:join', { roomId: room.roomId, roster: 'raid-night' });
    await guest.waitFor(() => guest.roomStates.get(room.roomId)?.seats.A != null, 5_000, 'seat');
    expect(guest.roomStates.get(room.roomId)!.seats.A).toMatchObject({ name: 'JustAGuest', username: null });
    c.close();
    guest.close();
  });

  it("a banned account's hello is refused 'banned'", async () => {
    const a = await register(t.url, freshName('Banned'));
    sqliteOf(t.server.storage).db.prepare('UPDATE users SET banned_at = ? WHERE id = ?').run(Date.now(), a.userId);
    await expect(connectAs(a.cookie)).rejects.toThrow(/banned/);
  });
});

describe('signing out closes the sockets of the sessions that ended', () => {
  it('logout-all: both sessions (two logins) are told signed-out and disconnected; the hook runs', async () => {
    const username = freshName('Every');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const [s1, s2] = [await connectAs(a.cookie), await connectAs(b.cookie)];
    const bystander = await TestClient.connect(t.url, 'Bystander');
    const r = await api(t.url, '/api/auth/logout-all', { method: 'POST', cookie: a.cookie });
    expect(r.status).toBe(204);
    await Promise.all([closed(s1), closed(s2)]);
    for (const s of [s1, s2]) expect(notices(s)).toContainEqual(expect.objectContaining({ kind: 'signed-out' }));
    expect(signedOut).toContainEqual([a.userId, 'all']);
    expect(bystander.socket.connected).toBe(true);
    expect(notices(bystander)).toEqual([]);
    bystander.close();
  });

  it('logout of one session closes only its sockets', async () => {
    const username = freshName('One');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const [s1, s2] = [await connectAs(a.cookie), await connectAs(b.cookie)];
    expect((await api(t.url, '/api/auth/logout', { method: 'POST', cookie: a.cookie })).status).toBe(204);
    await closed(s1);
    expect(notices(s1)).toContainEqual(expect.objectContaining({ kind: 'signed-out' }));
    await new Promise((r) => setTimeout(r, 100));
    expect(s2.socket.connected).toBe(true);
    expect(notices(s2)).toEqual([]);
    expect(signedOut.some(([u, s]) => u === a.userId && s !== 'all')).toBe(true);
    s2.close();
  });

  it("password change: the other session's socket is signed out, this one's stays and a new hello with the new cookie is the same user", async () => {
    const username = freshName('Rot');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const [mine, other] = [await connectAs(a.cookie), await connectAs(b.cookie)];
    const r = await api(t.url, '/api/auth/password', { body: { current: 'correct horse battery', next: 'brand new password' }, cookie: a.cookie });
    expect(r.status).toBe(204);
    await closed(other);
    expect(notices(other)).toContainEqual(expect.objectContaining({ kind: 'signed-out' }));
    await new Promise((res) => setTimeout(res, 100));
    expect(mine.socket.connected).toBe(true);
    expect(await mine.emit('hello', { name: 'x' })).toMatchObject({ ok: true, userId: a.userId, username });
    // The kept socket now belongs to the rotated session: signing that one out closes it.
    expect((await api(t.url, '/api/auth/logout', { method: 'POST', cookie: r.cookie })).status).toBe(204);
    await closed(mine);
  });

  it('a guest who registers keeps its socket, which then belongs to the new session', async () => {
    const g = await api(t.url, '/api/auth/guest', { body: { name: 'Upgrading' } });
    const s = await connectAs(g.cookie!);
    const r = await api(t.url, '/api/auth/register', { body: { username: freshName('Upg'), password: 'correct horse battery' }, cookie: g.cookie });
    expect(r.status).toBe(201);
    await new Promise((res) => setTimeout(res, 50));
    expect(s.socket.connected).toBe(true);
    // Its handshake's cookie was the guest's (deleted) token: a new hello on it is still this account.
    const again = await s.emit('hello', { name: 'Upgrading' });
    expect(again).toMatchObject({ ok: true, userId: g.body.userId, username: r.body.username });
    expect(again.ok && 'token' in again).toBe(false);
    expect((await api(t.url, '/api/auth/logout', { method: 'POST', cookie: r.cookie })).status).toBe(204);
    await closed(s);
  });
});

describe('after a restart', () => {
  it("the account's seat keeps its username and the cookie's hello returns the seat", async () => {
    const s = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 } });
    try {
      const username = freshName('Restart');
      const a = await register(s.url, username);
      const c = await TestClient.connect(s.url, 'x', undefined, { cookie: a.cookie });
      const played = await c.emit('room:play-bot', { roster: 'raid-night' });
      if (!played.ok) throw new Error(played.message);
      await c.waitFor(() => c.view(played.roomId) !== undefined, 10_000, 'view');
      c.close();
      await s.restart();
      const back = await TestClient.connect(s.url, 'y', undefined, { cookie: a.cookie });
      const ack = await back.emit('hello', { name: 'y' });
      expect(ack).toMatchObject({ ok: true, userId: a.userId, username, seats: [{ roomId: played.roomId, seat: 'A' }] });
      await back.waitFor(() => back.roomStates.get(played.roomId)?.seats.A?.username === username, 10_000, 'seat username');
      expect(back.roomStates.get(played.roomId)!.seats.A!.name).toBe(username);
      back.close();
    } finally {
      await s.close();
    }
  });
});
