/**
 * The origin rule over real sockets and HTTP (net/origin-check.ts): listed origins and the server's own
 * loopback page get in; a DNS-rebinding page (Origin and Host both evil.example:<port>) is refused a socket
 * on either transport and any state-changing request, with the reason in the answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { rawHttp } from './helpers/raw-http.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let port: number;
beforeAll(async () => {
  t = await startTestServer({ origins: ['https://play.vroyale.example'] });
  port = t.server.port;
});
afterAll(async () => {
  await t.close();
});

const raw = (method: string, path: string, headers: Record<string, string>) => rawHttp({ host: '127.0.0.1', port, method, path, headers });

function trySocket(headers: Record<string, string>, transport: 'websocket' | 'polling'): Promise<boolean> {
  return new Promise((resolve) => {
    const s = io(t.url, { transports: [transport], forceNew: true, reconnection: false, extraHeaders: headers });
    s.once('connect', () => (s.disconnect(), resolve(true)));
    s.once('connect_error', () => (s.disconnect(), resolve(false)));
  });
}

describe('origins', () => {
  it('lets in clients without Origin, listed origins and the loopback page served by this server', async () => {
    for (const transport of ['websocket', 'polling'] as const) {
      expect(await trySocket({}, transport), transport).toBe(true);
      expect(await trySocket({ Origin: 'https://play.vroyale.example' }, transport), transport).toBe(true);
      expect(await trySocket({ Origin: `http://127.0.0.1:${port}` }, transport), transport).toBe(true);
    }
    // socket.io-client's polling transport does not let a test set Host; the websocket one and a raw handshake do.
    expect(await trySocket({ Origin: `http://localhost:${port}`, Host: `localhost:${port}` }, 'websocket')).toBe(true);
    const res = await raw('GET', '/socket.io/?EIO=4&transport=polling', { Origin: `http://localhost:${port}`, Host: `localhost:${port}` });
    expect(res.status).toBe(200);
    expect(res.body).toContain('"sid"');
  });

  it('refuses a DNS-rebinding page whose Origin equals its Host, on both transports (with the reason)', async () => {
    const rebound = { Origin: `http://evil.example:${port}`, Host: `evil.example:${port}` };
    expect(await trySocket(rebound, 'websocket')).toBe(false);
    expect(await trySocket({ Origin: 'https://evil.example' }, 'websocket')).toBe(false);
    // The polling handshake is refused too, and its answer says why.
    const res = await raw('GET', '/socket.io/?EIO=4&transport=polling', rebound);
    expect(res.status).toBe(403);
    expect(res.body).toContain('VROYALE_ORIGINS');
  });

  it('refuses state-changing HTTP requests from such pages, with a clear error; reads stay open', async () => {
    const rebound = { Origin: `http://evil.example:${port}`, Host: `evil.example:${port}` };
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const res = await raw(method, '/api/matches/m_nope/replay', rebound);
      expect(res.status, method).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ error: 'origin-not-allowed' });
      expect(JSON.parse(res.body).message).toContain('evil.example');
    }
    // The same request from an allowed page or a non-browser client reaches the routes (none answers POST).
    expect((await raw('POST', '/api/matches/m_nope/replay', { Origin: 'https://play.vroyale.example' })).status).toBe(404);
    expect((await raw('POST', '/api/matches/m_nope/replay', {})).status).toBe(404);
    expect((await raw('GET', '/healthz', rebound)).status).toBe(200);
  });
});
