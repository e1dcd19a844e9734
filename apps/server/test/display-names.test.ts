/**
 * Display names over a real socket (the rule is @vroyale/protocol's DisplayName): hello normalises the name
 * the server keeps and shows, and refuses hidden, reordering or bot-like names with a reason in the ack.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { TestClient } from './helpers/test-client.js';

let t: TestServer;
let c: TestClient;
beforeAll(async () => {
  t = await startTestServer();
  c = await TestClient.connect(t.url, 'Mika');
});
afterAll(async () => {
  c.close();
  await t.close();
});

describe('display names', () => {
  it('are kept NFC-normalised and trimmed', async () => {
    const ack = await c.emitRaw('hello', { name: '  Zoe\u0301  ' });
    expect(ack).toMatchObject({ ok: true, name: 'Zoé' });
    // The room shows the normalised name too.
    const created = await c.emit('room:create', { visibility: 'private' });
    if (!created.ok) throw new Error(created.message);
    expect(await c.emit('room:join', { roomId: created.roomId, roster: 'raid-night' })).toMatchObject({ ok: true, seat: 'A' });
    await c.waitFor(() => c.roomStates.get(created.roomId)?.seats.A?.name === 'Zoé', 5_000, 'seat name');
  });

  it('refuses invisible, bidi, control and broken characters and bot look-alikes, saying why', async () => {
    const cases: [string, RegExp][] = [
      ['\u202Eokia', /text-direction/],
      ['Ai\u2067ko', /text-direction/],
      ['Ai\u200Bko', /invisible/],
      ['Ai\uFEFFko', /invisible/],
      ['Ai\u0000ko', /control/],
      ['Ai\nko', /control/],
      ['Ai\uD800ko', /unpaired/],
      ['Bot (strongBot)', /reserved for the server's bot/],
      ['B0T', /reserved for the server's bot/],
      ['Ｂｏｔ', /reserved for the server's bot/],
    ];
    for (const [name, why] of cases) {
      const ack = await c.emitRaw('hello', { name });
      expect(ack, JSON.stringify(name)).toMatchObject({ ok: false, code: 'bad-request' });
      expect((ack as { message: string }).message, JSON.stringify(name)).toMatch(why);
    }
  });
});
