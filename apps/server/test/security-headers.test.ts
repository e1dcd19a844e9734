/**
 * Security headers on real HTTP responses: the web app's page (a stand-in build folder), its client-side
 * routes, /api answers (found and not found) and /healthz all carry the CSP and the other helmet headers.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let t: TestServer;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'vroyale-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>VRoyale</title><script type="module" src="/assets/app.js"></script>');
  t = await startTestServer({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

function directives(csp: string | null): Map<string, string[]> {
  expect(csp, 'Content-Security-Policy header').toBeTruthy();
  return new Map(
    csp!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectHardened(res: Response): void {
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('script-src')).toEqual(["'self'"]);
  expect(csp.get('style-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  const host = new URL(t.url).host;
  expect(csp.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(csp.has('upgrade-insecure-requests')).toBe(false);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-powered-by')).toBeNull();
}

describe('security headers', () => {
  it('are on the web app, its client-side routes, /api and /healthz', async () => {
    for (const path of ['/', '/room/abc', '/api/matches/m_nope/replay', '/api/nothing-here', '/healthz']) {
      const res = await fetch(t.url + path);
      expect([200, 404], path).toContain(res.status);
      expectHardened(res);
    }
    expect(await (await fetch(t.url + '/')).text()).toContain('<title>VRoyale</title>');
  });

  it('never echo a Host header that is not a plain host into the policy', async () => {
    const { request } = await import('node:http');
    const csp = await new Promise<string>((resolve, reject) => {
      const req = request(t.url + '/healthz', { headers: { host: "x; script-src 'unsafe-inline'" } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy']));
      });
      req.on('error', reject);
      req.end();
    });
    expect(directives(csp).get('connect-src')).toEqual(["'self'"]);
    expect(directives(csp).get('script-src')).toEqual(["'self'"]);
  });
});
