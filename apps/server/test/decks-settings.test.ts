/**
 * Decks and settings on the server (issue 17 §2) over real HTTP, as guests identified by their socket's token
 * (Bearer): create, list, rename, replace, delete, import, the per-account limit, other users' decks never
 * visible, bad bodies refused without a change; settings read and written, stops reaching a live match.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDeckCode } from '@vroyale/engine';
import { cardPool, starterRosters } from '@vroyale/cards';
import { DECKS_PER_ACCOUNT, DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';
import { api } from './helpers/api.js';

let t: TestServer;
let a: TestClient;
let b: TestClient;
beforeAll(async () => {
  t = await startTestServer();
  a = await TestClient.connect(t.url, 'Ann');
  b = await TestClient.connect(t.url, 'Ben');
});
afterAll(async () => {
  a.close();
  b.close();
  await t.close();
});

const starter = starterRosters[0]!;
const legal = encodeDeckCode({ centre: starter.centre, cards: [...starter.cards] }, cardPool);
const legal2 = encodeDeckCode({ centre: starterRosters[1]!.centre, cards: [...starterRosters[1]!.cards] }, cardPool);
// Decodes, but is far from a legal roster: a deck in progress.
const unfinished = encodeDeckCode({ centre: starter.centre, cards: [starter.centre] }, cardPool);
const A = (method: string, path: string, body?: unknown) => api(t.url, a.token, method, path, body);
const B = (method: string, path: string, body?: unknown) => api(t.url, b.token, method, path, body);

describe('decks', () => {
  it('needs a session', async () => {
    expect(await api(t.url, undefined, 'GET', '/api/decks')).toMatchObject({ status: 401, body: { error: 'not-signed-in' } });
    expect(await api(t.url, 'no-such-token', 'POST', '/api/decks', { name: 'x', code: legal })).toMatchObject({ status: 401 });
  });

  it('creates, lists newest first, renames, replaces and deletes; never shows another user a deck', async () => {
    const first = await A('POST', '/api/decks', { name: 'Raid', code: legal });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ name: 'Raid', code: legal });
    expect(first.body.id).toMatch(/^d_/);
    const wip = await A('POST', '/api/decks', { name: ' In progress ', code: unfinished });
    expect(wip).toMatchObject({ status: 201, body: { name: 'In progress', code: unfinished } });
    const list = await A('GET', '/api/decks');
    expect(list.status).toBe(200);
    expect(list.body.decks.map((d: { id: string }) => d.id)).toEqual([wip.body.id, first.body.id]);

    // Ben sees none of them, and cannot touch them: the same 404 as an unknown id.
    expect((await B('GET', '/api/decks')).body).toEqual({ decks: [] });
    expect(await B('PATCH', `/api/decks/${first.body.id}`, { name: 'Mine now' })).toMatchObject({ status: 404, body: { error: 'not-found' } });
    expect(await B('DELETE', `/api/decks/${first.body.id}`)).toMatchObject({ status: 404 });
    expect(await A('PATCH', '/api/decks/d_nope', { name: 'x' })).toMatchObject({ status: 404 });

    const renamed = await A('PATCH', `/api/decks/${first.body.id}`, { name: 'Raid v2' });
    expect(renamed).toMatchObject({ status: 200, body: { id: first.body.id, name: 'Raid v2', code: legal } });
    const replaced = await A('PATCH', `/api/decks/${first.body.id}`, { code: legal2 });
    expect(replaced.body).toMatchObject({ name: 'Raid v2', code: legal2 });
    expect(await A('DELETE', `/api/decks/${wip.body.id}`)).toMatchObject({ status: 204 });
    expect(await A('DELETE', `/api/decks/${wip.body.id}`)).toMatchObject({ status: 404 });
    expect((await A('GET', '/api/decks')).body.decks).toEqual([replaced.body]);
  });

  it('refuses bad input with a reason and changes nothing', async () => {
    const before = (await A('GET', '/api/decks')).body;
    const bad = await A('POST', '/api/decks', { name: 'Junk', code: 'not a deck code' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'bad-request' } });
    expect(bad.body.message).toMatch(/Not a valid deck code/);
    expect(await A('POST', '/api/decks', { name: 'Junk', code: 'v1-!!!!' })).toMatchObject({ status: 400 });
    expect((await A('POST', '/api/decks', { name: '', code: legal })).body.message).toMatch(/^name:/);
    expect(await A('POST', '/api/decks', { name: 'x', code: legal, owner: 'u_other' })).toMatchObject({ status: 400 });
    expect(await A('POST', '/api/decks', '{"name": "x", ')).toMatchObject({
      status: 400,
      body: { error: 'bad-request', message: 'The request body is not valid JSON' },
    });
    expect(await A('POST', '/api/decks', { name: 'x', code: 'v1-' + 'a'.repeat(20_000) })).toMatchObject({ status: 413, body: { error: 'bad-request' } });
    const id = before.decks[0].id;
    expect(await A('PATCH', `/api/decks/${id}`, { code: 'garbage' })).toMatchObject({ status: 400 });
    expect((await A('GET', '/api/decks')).body).toEqual(before);
  });

  it('imports a browser’s decks: duplicates skipped, the limit kept (all or nothing)', async () => {
    const c = await TestClient.connect(t.url, 'Cid');
    const C = (method: string, path: string, body?: unknown) => api(t.url, c.token, method, path, body);
    await C('POST', '/api/decks', { name: 'Kept', code: legal });
    const imported = await C('POST', '/api/decks/import', {
      decks: [
        { name: 'Kept', code: legal },
        { name: 'New', code: legal2 },
        { name: 'New', code: legal2 },
        { name: 'Kept', code: legal2 },
      ],
    });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ imported: 2, skipped: 2 });
    expect(imported.body.decks.map((d: { name: string }) => d.name).sort()).toEqual(['Kept', 'Kept', 'New']);

    const many = Array.from({ length: DECKS_PER_ACCOUNT - 3 }, (_, i) => ({ name: `Deck ${i}`, code: legal }));
    expect(await C('POST', '/api/decks/import', { decks: [...many, { name: 'One too many', code: legal }] })).toMatchObject({
      status: 409,
      body: { error: 'too-many-decks' },
    });
    expect((await C('GET', '/api/decks')).body.decks).toHaveLength(3);
    expect(await C('POST', '/api/decks/import', { decks: many })).toMatchObject({ status: 200, body: { imported: DECKS_PER_ACCOUNT - 3 } });
    expect(await C('POST', '/api/decks', { name: 'Full', code: legal })).toMatchObject({ status: 409, body: { error: 'too-many-decks' } });
    expect(await C('POST', '/api/decks/import', { decks: [{ name: 'Bad', code: 'nope' }] })).toMatchObject({ status: 400 });
    c.close();
  });
});

describe('settings', () => {
  it('reads the defaults, then what the socket and HTTP wrote', async () => {
    expect(await B('GET', '/api/settings')).toMatchObject({ status: 200, body: { stops: DEFAULT_STOP_SETTINGS, ui: null } });
    const full = { ...DEFAULT_STOP_SETTINGS, fullControl: true };
    expect(await b.emit('settings', { stops: full })).toMatchObject({ ok: true });
    expect((await B('GET', '/api/settings')).body).toEqual({ stops: full, ui: null });
    const ui = { language: 'fr', animations: false };
    expect(await B('PUT', '/api/settings', { ui })).toMatchObject({ status: 200, body: { stops: full, ui } });
    expect(await B('PUT', '/api/settings', { stops: DEFAULT_STOP_SETTINGS })).toMatchObject({ status: 200, body: { stops: DEFAULT_STOP_SETTINGS, ui } });
    expect(await t.server.storage.findStops(b.userId!)).toEqual(DEFAULT_STOP_SETTINGS);
    // Refused without a change.
    expect(await B('PUT', '/api/settings', { stops: { fullControl: 'yes' } })).toMatchObject({ status: 400 });
    expect(await B('PUT', '/api/settings', { ui: { blob: 'x'.repeat(5000) } })).toMatchObject({ status: 400 });
    expect(await B('PUT', '/api/settings', { theme: 'dark' })).toMatchObject({ status: 400 });
    expect((await B('GET', '/api/settings')).body).toEqual({ stops: DEFAULT_STOP_SETTINGS, ui });
  });

  it('a stop change over HTTP reaches the user’s live match, as the socket’s does', async () => {
    const d = await TestClient.connect(t.url, 'Dee');
    const started = await d.emit('room:play-bot', { roster: 'raid-night' });
    if (!started.ok) throw new Error(started.message);
    await d.waitFor(() => d.view(started.roomId) !== undefined, 10_000, 'view');
    const master = t.server.game.room(started.roomId)!.master!;
    let replans = 0;
    const original = master.settingsChanged.bind(master);
    master.settingsChanged = () => {
      replans++;
      original();
    };
    const full = { ...DEFAULT_STOP_SETTINGS, fullControl: true };
    expect(await api(t.url, d.token, 'PUT', '/api/settings', { stops: full })).toMatchObject({ status: 200 });
    expect(replans).toBe(1);
    expect(await t.server.storage.findStops(d.userId!)).toEqual(full);
    expect(await api(t.url, d.token, 'PUT', '/api/settings', { ui: {} })).toMatchObject({ status: 200 });
    expect(replans).toBe(1);
    d.close();
  });
});
