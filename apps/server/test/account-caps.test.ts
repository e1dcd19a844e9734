/**
 * Per-account limits (issue 17 §5): the caps are keyed by user id, so two sessions (two logins, two devices) of
 * one account share its open-room and bot-match caps and its spectating cap, while guests keep theirs per guest
 * session and per address as before (test/caps.test.ts has the rest).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerConfig } from '../src/config.js';
import { freshName, login, register } from './helpers/auth-http.js';
import { TestClient } from './helpers/test-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const CAPS: ServerConfig['caps'] = {
  roomsPerUser: 2,
  roomsPerAddress: 100,
  botMatchesPerUser: 1,
  botMatchesPerAddress: 100,
  spectatingPerUser: 1,
  spectatingPerAddress: 100,
};

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer({ rateLimit: { capacity: 1000, refillPerSec: 1000 }, caps: CAPS });
});
afterAll(async () => {
  await t.close();
});

const create = (c: TestClient) => c.emit('room:create', { visibility: 'private' });
const playBot = (c: TestClient) => c.emit('room:play-bot', { roster: 'raid-night', botRoster: 'mod-squad' });

describe('caps per account', () => {
  it('two logins of one account share the open-room, bot-match and spectating caps', async () => {
    const username = freshName('Caps');
    const a = await register(t.url, username);
    const b = await login(t.url, username);
    const [phone, laptop] = [
      await TestClient.connect(t.url, 'p', undefined, { cookie: a.cookie }),
      await TestClient.connect(t.url, 'l', undefined, { cookie: b.cookie }),
    ];
    expect(phone.userId).toBe(laptop.userId);
    expect(await create(phone)).toMatchObject({ ok: true });
    expect(await create(laptop)).toMatchObject({ ok: true });
    const third = await create(phone);
    expect(third).toMatchObject({ ok: false, code: 'too-many-rooms' });
    if (!third.ok) expect(third.message).toMatch(/2 open rooms, the most one account or guest may have/);
    expect(await create(laptop)).toMatchObject({ ok: false, code: 'too-many-rooms' });

    expect(await playBot(laptop)).toMatchObject({ ok: true });
    expect(await playBot(phone)).toMatchObject({ ok: false, code: 'too-many-bot-matches' });

    const host = await TestClient.connect(t.url, 'Host');
    const [r1, r2] = [await create(host), await create(host)];
    if (!r1.ok || !r2.ok) throw new Error('host could not create');
    expect(await phone.emit('room:spectate', { roomId: r1.roomId })).toMatchObject({ ok: true });
    expect(await laptop.emit('room:spectate', { roomId: r2.roomId })).toMatchObject({ ok: false, code: 'too-many-spectated' });
    for (const c of [phone, laptop, host]) c.close();
  });

  it('guests: each guest session has its own caps (the address cap is shared, as before)', async () => {
    const [g1, g2] = [await TestClient.connect(t.url, 'GuestOne'), await TestClient.connect(t.url, 'GuestTwo')];
    expect(g1.userId).not.toBe(g2.userId);
    for (const g of [g1, g2]) {
      expect(await create(g)).toMatchObject({ ok: true });
      expect(await create(g)).toMatchObject({ ok: true });
      expect(await create(g)).toMatchObject({ ok: false, code: 'too-many-rooms' });
      expect(await playBot(g)).toMatchObject({ ok: true });
      expect(await playBot(g)).toMatchObject({ ok: false, code: 'too-many-bot-matches' });
    }
    // Two sockets of one guest session (the same token) share that guest's caps.
    const g1b = await TestClient.connect(t.url, 'GuestOne', g1.token);
    expect(await create(g1b)).toMatchObject({ ok: false, code: 'too-many-rooms' });
    for (const c of [g1, g2, g1b]) c.close();
  });

  it('guests: the per-address cap still binds guests under their own cap', async () => {
    const s = await startTestServer({ caps: { ...CAPS, roomsPerUser: 10, roomsPerAddress: 3 } });
    try {
      const [g1, g2] = [await TestClient.connect(s.url, 'AddrOne'), await TestClient.connect(s.url, 'AddrTwo')];
      for (const g of [g1, g1, g2]) expect(await create(g)).toMatchObject({ ok: true });
      const refused = await create(g2);
      expect(refused).toMatchObject({ ok: false, code: 'too-many-rooms' });
      if (!refused.ok) expect(refused.message).toMatch(/address/);
      g1.close();
      g2.close();
    } finally {
      await s.close();
    }
  });
});
