/**
 * The e2e harness: builds the web app, starts the real server (apps/server/src/main.ts) on a free loopback
 * port with a temporary database, serving the build, and launches Debian's Chromium through playwright-core.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const REPO = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RESULTS = join(REPO, 'test-results');
export const SHOTS = join(REPO, 'docs/screenshots');

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => res(port));
    });
  });
}

const DIST = join(REPO, 'apps/web/dist');
/** Written into the build by `buildWeb(run)`: which test run it was built for. */
const BUILT_FOR = join(DIST, '.built-for-run');

/**
 * Builds the web app. With `run` (the test run's id, from e2e-global-setup.ts), a build already made for that run
 * is kept: the browser test files of one `vitest run` share one build instead of making twenty identical ones,
 * and a new run always builds afresh, so a changed source is never served from an old build.
 */
export function buildWeb(run?: string): void {
  if (run && existsSync(BUILT_FOR) && readFileSync(BUILT_FOR, 'utf8') === run) return;
  execFileSync(process.execPath, [join(REPO, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: REPO,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (run) writeFileSync(BUILT_FOR, run);
}

export interface RunningApp {
  url: string;
  server: ChildProcess;
  dir: string;
  logs: string[];
  stop(): Promise<void>;
}

export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-e2e-'));
  const port = await freePort();
  const logs: string[] = [];
  const server = spawn(process.execPath, [join(REPO, 'node_modules/tsx/dist/cli.mjs'), join(REPO, 'apps/server/src/main.ts')], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      VROYALE_DB: join(dir, 'e2e.db'),
      VROYALE_WEB_DIST: DIST,
      VROYALE_BOT_DELAY_MS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (d: Buffer) => logs.push(d.toString()));
  server.stderr!.on('data', (d: Buffer) => logs.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${logs.join('')}`);
    try {
      const r = await fetch(`${url}/healthz`);
      if (r.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${logs.join('')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    server,
    dir,
    logs,
    async stop() {
      if (server.exitCode === null) {
        const done = new Promise((r) => server.once('exit', r));
        server.kill('SIGTERM');
        await Promise.race([done, new Promise((r) => setTimeout(r, 8000))]);
        if (server.exitCode === null) server.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      '--disable-renderer-backgrounding',
      '--disable-background-timer-throttling',
      '--disable-backgrounding-occluded-windows',
    ],
  });
}

/**
 * Console messages in which Chromium reports a Content-Security-Policy violation (the server's CSP,
 * apps/server/src/http/security-headers.ts): the suite's last test expects none.
 */
export const cspViolations: string[] = [];

export async function newPlayer(browser: Browser, url: string, name: string, path = '/'): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspViolations.push(`[${name}] ${m.text()}`);
  });
  await page.goto(url + path);
  await page.getByLabel('Your manager name').fill(name);
  await page.getByRole('button', { name: /Enter the lobby|Change name/ }).click();
  return { ctx, page };
}

/** Writes a screenshot to test-results/ and copies it to docs/screenshots/. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  mkdirSync(SHOTS, { recursive: true });
  const file = join(RESULTS, `${name}.png`);
  await page.bringToFront();
  await page.waitForTimeout(400); // let entry animations finish
  await page.screenshot({ path: file, animations: 'disabled' });
  copyFileSync(file, join(SHOTS, `${name}.png`));
}

export const chromiumAvailable = (): boolean => existsSync(CHROMIUM);

/** Records every card id and definition that ever appears in a page's DOM (for leak checks). */
export async function watchCardIds(page: Page): Promise<void> {
  // Source text, not a function: TypeScript loaders may add helpers (__name) that the page does not have.
  await page.evaluate(`(() => {
    const seen = (window.__seenIds = new Set());
    const hand = (window.__handIds = new Set());
    const scan = () => {
      document.querySelectorAll('[data-card-id]').forEach((el) => {
        const id = el.getAttribute('data-card-id');
        if (!id) return;
        seen.add(id);
        if (el.closest('.side-bottom .hand')) hand.add(id);
      });
    };
    scan();
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-card-id'] });
  })()`);
}

export async function seenIds(page: Page): Promise<{ seen: string[]; hand: string[] }> {
  return page.evaluate(() => {
    const w = window as unknown as { __seenIds?: Set<string>; __handIds?: Set<string> };
    return { seen: [...(w.__seenIds ?? [])], hand: [...(w.__handIds ?? [])] };
  });
}

export async function perfSamples(page: Page): Promise<number[]> {
  return page.evaluate(() => (window as unknown as { __vroyalePerf?: number[] }).__vroyalePerf ?? []);
}

export function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0;
}

/** Controls in the page without an accessible name (aria-label, aria-labelledby, a label, or their text). */
export async function unnamedControls(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    const sel = 'button, a[href], input:not([type="hidden"]), select, textarea, [role="button"], [role="menuitem"], [role="tab"], [role="img"]';
    for (const el of document.querySelectorAll(sel)) {
      const label = el.getAttribute('aria-label') || '';
      const by = (el.getAttribute('aria-labelledby') || '').split(' ').map((id) => document.getElementById(id)?.textContent || '').join('');
      const labels = el.labels ? [...el.labels].map((l) => l.textContent || '').join('') : '';
      const text = el.matches('input, select, textarea') ? '' : el.textContent || '';
      const alt = el.getAttribute('title') || '';
      if (!(label + by + labels + text + alt).trim()) out.push(el.outerHTML.slice(0, 140));
    }
    return out;
  })()`);
}

/** The initial JavaScript of the build (the entry script and its modulepreloads): raw and gzip bytes. */
export function initialJs(): { files: string[]; raw: number; gzip: number } {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = readFileSync(join(DIST, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files, raw, gzip: gz };
}

/** Whether the browser tests can run here (they skip themselves, saying why, where Chromium is missing). */
export const e2eEnabled = chromiumAvailable();
if (!e2eEnabled) console.warn('e2e: /usr/bin/chromium not found (apt-get install -y chromium); the browser tests are skipped');

/**
 * The usual set-up of a browser test file, called inside its `describe`: the web app built, the real server
 * (with `env`) and Chromium started once for the file, and both stopped after it.
 */
export function e2eApp(env: Record<string, string> = {}): { app: () => RunningApp; browser: () => Browser } {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    buildWeb(inject('e2eBuildRun'));
    app = await startApp(env);
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await app?.stop();
  });
  return { app: () => app!, browser: () => browser! };
}
