/**
 * Blocks and reports (issue 17 §5) over real HTTP and sockets. Blocks name registered users; until the
 * register route lands on this branch, the test gives its guests usernames in the database (what register does
 * to a guest's row: same user id, username and key set). Chat: a user never receives a line from someone they
 * blocked, live or in a room's chat history; the other way round is unaffected; unblocking restores both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameKey, type ChatMessage } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { api } from './helpers/api.js';
import { REPORTS_PER_DAY } from '../src/http/block-routes.js';
import { sqliteOf } from './helpers/sqlite.js';

let t: TestServer;
let ann: TestClient;
let bob: TestClient;
let cat: TestClient;
let guest: TestClient;

const register = (c: TestClient, username: string) =>
  sqliteOf(t.server.storage)
    .db.prepare('UPDATE users SET username = ?, username_key = ?, registered_at = 1 WHERE id = ?')
    .run(username, usernameKey(username), c.userId);

beforeAll(async () => {
  t = await startTestServer({ chatLimit: { capacity: 100, refillPerSec: 100 } });
  [ann, bob, cat, guest] = (await Promise.all(['Ann', 'Bob', 'Cat', 'Guest'].map((n) => TestClient.connect(t.url, n)))) as [
    TestClient,
    TestClient,
    TestClient,
    TestClient,
  ];
  register(ann, 'Ann');
  register(bob, 'Bob');
  register(cat, 'Cat');
});
afterAll(async () => {
  for (const c of [ann, bob, cat, guest]) c.close();
  await t.close();
});

const as = (c: TestClient) => (method: string, path: string, body?: unknown) => api(t.url, c.token, method, path, body);
const chatTexts = (c: TestClient, roomId: string) =>
  c.received.filter((r) => r.event === 'room:chat' && (r.payload as ChatMessage).roomId === roomId).map((r) => (r.payload as ChatMessage).text);
const historyTexts = (c: TestClient) =>
  c.received.filter((r) => r.event === 'room:chat-history').map((r) => (r.payload as { messages: ChatMessage[] }).messages.map((m) => m.text));

describe('blocks', () => {
  it('blocks and unblocks by username (any case); refuses unknown users and yourself', async () => {
    expect(await api(t.url, undefined, 'PUT', '/api/blocks/Bob')).toMatchObject({ status: 401 });
    expect(await as(ann)('GET', '/api/blocks')).toMatchObject({ status: 200, body: { users: [] } });
    expect(await as(ann)('PUT', '/api/blocks/BOB')).toMatchObject({ status: 204 });
    expect(await as(ann)('PUT', '/api/blocks/bob')).toMatchObject({ status: 204 }); // again: no change
    expect(await as(ann)('PUT', '/api/blocks/Nobody')).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await as(ann)('PUT', '/api/blocks/ann')).toMatchObject({ status: 400, body: { error: 'bad-request' } });
    expect((await as(ann)('GET', '/api/blocks')).body).toEqual({ users: [{ username: 'Bob' }] });
    expect((await as(bob)('GET', '/api/blocks')).body).toEqual({ users: [] });
    // Both ways for pairing and challenges; one way for chat.
    const blocks = t.server.game.blocks;
    expect(blocks.blocked(ann.userId!, bob.userId!)).toBe(true);
    expect(blocks.blocked(bob.userId!, ann.userId!)).toBe(true);
    expect(blocks.blocked(ann.userId!, cat.userId!)).toBe(false);
    expect([...blocks.blockedBy(ann.userId!)]).toEqual([bob.userId]);
    expect(blocks.blockedBy(bob.userId!).size).toBe(0);
    expect(await as(ann)('DELETE', '/api/blocks/Bob')).toMatchObject({ status: 204 });
    expect(blocks.blocked(ann.userId!, bob.userId!)).toBe(false);
    expect(sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM blocks').get()).toEqual({ n: 0 });
    expect(await as(ann)('DELETE', '/api/blocks/Nobody')).toMatchObject({ status: 404 });
  });

  it('filters chat per recipient: live lines and the history a joining socket gets', async () => {
    const created = await ann.emit('room:create', { visibility: 'public' });
    if (!created.ok) throw new Error(created.message);
    const roomId = created.roomId;
    expect(await ann.emit('room:join', { roomId, roster: 'raid-night', seat: 'A' })).toMatchObject({ ok: true });
    expect(await bob.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    expect(await cat.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    expect(await as(ann)('PUT', '/api/blocks/Bob')).toMatchObject({ status: 204 });

    expect(await bob.emit('room:chat', { roomId, text: 'bob 1' })).toMatchObject({ ok: true });
    expect(await ann.emit('room:chat', { roomId, text: 'ann 1' })).toMatchObject({ ok: true });
    expect(await cat.emit('room:chat', { roomId, text: 'cat 1' })).toMatchObject({ ok: true });
    await ann.waitFor(() => chatTexts(ann, roomId).includes('cat 1'), 5_000, 'cat 1 at Ann');
    await bob.waitFor(() => chatTexts(bob, roomId).includes('cat 1'), 5_000, 'cat 1 at Bob');
    await cat.waitFor(() => chatTexts(cat, roomId).includes('cat 1'), 5_000, 'cat 1 at Cat');
    expect(chatTexts(ann, roomId)).toEqual(['ann 1', 'cat 1']);
    expect(chatTexts(bob, roomId)).toEqual(['bob 1', 'ann 1', 'cat 1']); // Bob still hears Ann
    expect(chatTexts(cat, roomId)).toEqual(['bob 1', 'ann 1', 'cat 1']);

    // A second tab of Ann's joining now gets the history without Bob's lines; Cat's second tab gets all.
    const ann2 = await TestClient.connect(t.url, 'Ann', ann.token);
    const cat2 = await TestClient.connect(t.url, 'Cat', cat.token);
    await ann2.waitFor(() => historyTexts(ann2).length > 0, 5_000, "Ann's history");
    expect(historyTexts(ann2)).toEqual([['ann 1', 'cat 1']]);
    expect(await cat2.emit('room:spectate', { roomId })).toMatchObject({ ok: true });
    await cat2.waitFor(() => historyTexts(cat2).length > 0, 5_000, "Cat's history");
    expect(historyTexts(cat2)).toEqual([['bob 1', 'ann 1', 'cat 1']]);

    // A room whose only lines are from the blocked user sends Ann no history at all.
    const other = await bob.emit('room:create', { visibility: 'public' });
    if (!other.ok) throw new Error(other.message);
    expect(await bob.emit('room:spectate', { roomId: other.roomId })).toMatchObject({ ok: true });
    expect(await bob.emit('room:chat', { roomId: other.roomId, text: 'only bob' })).toMatchObject({ ok: true });
    expect(await ann2.emit('room:spectate', { roomId: other.roomId })).toMatchObject({ ok: true });
    await ann2.waitFor(() => ann2.roomStates.has(other.roomId), 5_000, 'room state');
    expect(ann2.received.filter((r) => r.event === 'room:chat-history' && (r.payload as { roomId: string }).roomId === other.roomId)).toEqual([]);

    // Unblocked: Bob's next line reaches Ann, and a new socket's history has his lines again.
    expect(await as(ann)('DELETE', '/api/blocks/bob')).toMatchObject({ status: 204 });
    expect(await bob.emit('room:chat', { roomId, text: 'bob 2' })).toMatchObject({ ok: true });
    await ann.waitFor(() => chatTexts(ann, roomId).includes('bob 2'), 5_000, 'bob 2 at Ann');
    const ann3 = await TestClient.connect(t.url, 'Ann', ann.token);
    await ann3.waitFor(() => historyTexts(ann3).length > 0, 5_000, "Ann's history");
    expect(historyTexts(ann3)).toEqual([['bob 1', 'ann 1', 'cat 1', 'bob 2']]);
    for (const c of [ann2, cat2, ann3]) c.close();
  });

  it('a block made before the blocker’s hello applies from their first line (read from the database)', async () => {
    const dee = await TestClient.connect(t.url, 'Dee');
    register(dee, 'Dee');
    expect(await as(dee)('PUT', '/api/blocks/Cat')).toMatchObject({ status: 204 });
    dee.close();
    // As when the server forgets a user (no socket, no seat): her list comes back from the row on her next hello.
    t.server.game.blocks.forget(dee.userId!);
    const dee2 = await TestClient.connect(t.url, 'Dee', dee.token);
    const room = await cat.emit('room:create', { visibility: 'public' });
    if (!room.ok) throw new Error(room.message);
    expect(await dee2.emit('room:spectate', { roomId: room.roomId })).toMatchObject({ ok: true });
    expect(await cat.emit('room:spectate', { roomId: room.roomId })).toMatchObject({ ok: true });
    expect(await cat.emit('room:chat', { roomId: room.roomId, text: 'from cat' })).toMatchObject({ ok: true });
    expect(await dee2.emit('room:chat', { roomId: room.roomId, text: 'from dee' })).toMatchObject({ ok: true });
    await dee2.waitFor(() => chatTexts(dee2, room.roomId).includes('from dee'), 5_000, 'own line');
    await cat.waitFor(() => chatTexts(cat, room.roomId).includes('from dee'), 5_000, "Dee's line at Cat");
    expect(chatTexts(dee2, room.roomId)).toEqual(['from dee']);
    dee2.close();
  });
});

describe('reports', () => {
  it('reports a username or a seat of a match; refuses bots, yourself, unknown players and matches', async () => {
    const r = as(cat);
    expect(await api(t.url, undefined, 'POST', '/api/reports', { username: 'Bob', reason: 'spam' })).toMatchObject({ status: 401 });
    const byName = await r('POST', '/api/reports', { username: 'bob', reason: 'abuse', note: ' rude in chat ' });
    expect(byName.status).toBe(201);
    expect(byName.body.id).toEqual(expect.any(Number));
    expect(
      sqliteOf(t.server.storage).db.prepare('SELECT reporter_id, target_id, match_id, reason, note, resolved_at FROM reports WHERE id = ?').get(byName.body.id),
    ).toEqual({
      reporter_id: cat.userId,
      target_id: bob.userId,
      match_id: null,
      reason: 'abuse',
      note: 'rude in chat',
      resolved_at: null,
    });

    // A match Cat only watched: Ann (a registered user) against a guest; the guest is reported by seat.
    const created = await ann.emit('room:create', { visibility: 'public' });
    if (!created.ok) throw new Error(created.message);
    await ann.emit('room:join', { roomId: created.roomId, roster: 'raid-night', seat: 'A' });
    await guest.emit('room:join', { roomId: created.roomId, roster: 'mod-squad', seat: 'B' });
    await ann.waitFor(() => ann.view(created.roomId) !== undefined, 10_000, 'view');
    const matchId = ann.view(created.roomId)!.matchId;
    const bySeat = await r('POST', '/api/reports', { matchId, seat: 'B', reason: 'stalling' });
    expect(bySeat.status).toBe(201);
    expect(sqliteOf(t.server.storage).db.prepare('SELECT target_id, match_id FROM reports WHERE id = ?').get(bySeat.body.id)).toEqual({
      target_id: guest.userId,
      match_id: matchId,
    });

    const bot = await cat.emit('room:play-bot', { roster: 'raid-night' });
    if (!bot.ok) throw new Error(bot.message);
    await cat.waitFor(() => cat.view(bot.roomId) !== undefined, 10_000, 'bot view');
    const botMatch = cat.view(bot.roomId)!.matchId;
    expect(await r('POST', '/api/reports', { matchId: botMatch, seat: 'B', reason: 'cheating' })).toMatchObject({
      status: 400,
      body: { error: 'bad-request' },
    });
    expect(await r('POST', '/api/reports', { matchId: botMatch, seat: 'A', reason: 'cheating' })).toMatchObject({ status: 400 });
    expect(await r('POST', '/api/reports', { username: 'Cat', reason: 'other' })).toMatchObject({ status: 400 });
    expect(await r('POST', '/api/reports', { matchId: 'm_none', seat: 'A', reason: 'spam' })).toMatchObject({ status: 404 });
    expect(await r('POST', '/api/reports', { username: 'Nobody', reason: 'spam' })).toMatchObject({ status: 404 });
    expect(await r('POST', '/api/reports', { username: 'Bob', reason: 'because' })).toMatchObject({ status: 400 });
    expect(await r('POST', '/api/reports', { reason: 'spam' })).toMatchObject({ status: 400 });
    expect(sqliteOf(t.server.storage).db.prepare('SELECT COUNT(*) AS n FROM reports').get()).toEqual({ n: 2 });
  });

  it(`limits reports to ${REPORTS_PER_DAY} a day per reporter`, async () => {
    const r = as(bob);
    for (let i = 0; i < REPORTS_PER_DAY; i++) expect((await r('POST', '/api/reports', { username: 'Cat', reason: 'spam' })).status).toBe(201);
    const refused = await r('POST', '/api/reports', { username: 'Cat', reason: 'spam' });
    expect(refused).toMatchObject({ status: 429, body: { error: 'too-many-attempts' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3600);
    // Someone else still may.
    expect((await as(ann)('POST', '/api/reports', { username: 'Cat', reason: 'spam' })).status).toBe(201);
  });
});
