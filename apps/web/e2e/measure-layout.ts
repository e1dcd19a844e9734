/**
 * `npm run measure:layout [-- --seed measure-6] [--sizes 1280x800,390x844] [--shots]`: does the playmat fit, at
 * every view of a match, at desktop, phone (both ways) and tablet sizes? A measuring script, not a test.
 *
 * Builds the web app, starts the real server with a fixed match seed, and at each size a newcomer plays the bot
 * to the end through the UI (the e2e policy; taps on the touch sizes). After every step it reads the page's
 * faults (`layout-checks.ts`): card names cut off on the stage or in the hand, sideways scrolling, touch
 * targets under 44 px, a manager without a star counter, "Your move" with nothing to press. Distinct faults are
 * printed; the last line is JSON with every count (all 0 is the bar). `--shots` writes screenshots of a few
 * moments (the main step, combat, the end) to test-results/layout-<size>-<moment>.png; `--docs` also plays one
 * match in Japanese at 1280×800 and copies the pictures the README shows to docs/screenshots/layout-*.png.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildWeb, chromiumAvailable, launch, RESULTS, SHOTS, startApp } from './harness';
import { layoutFaults, type LayoutFaults } from './layout-checks';
import { playStep } from './policy';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] && !process.argv[i + 1]!.startsWith('--') ? process.argv[i + 1]! : d;
};
const flag = (name: string) => process.argv.includes(`--${name}`);

interface SizeResult {
  size: string;
  touch: boolean;
  views: number;
  steps: number;
  truncatedNames: number;
  horizontalScroll: number;
  smallTargets: number;
  missingStarCounters: number;
  yourMoveWithoutControl: number;
  /** Distinct fault texts (the first few of each kind), for fixing. */
  examples: string[];
}

async function measureSize(browser: Browser, url: string, w: number, h: number, shots: boolean, lang = 'en'): Promise<SizeResult> {
  const touch = w < 1000;
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, ...(touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
  if (lang !== 'en') await ctx.addInitScript((l) => localStorage.setItem('vroyale.language', l), lang);
  const page: Page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${w}x${h}] page error: ${e.message}`));
  await page.goto(url);
  await page.locator('#name').fill(lang === 'en' ? `M${w}` : `愛子`);
  await page.locator('.name-form button.primary').click();
  await page.locator('button.play-bot').click();
  await page.waitForSelector('.board');
  const size = `${w}x${h}${lang === 'en' ? '' : `-${lang}`}`;
  const out: SizeResult = {
    size,
    touch,
    views: 0,
    steps: 0,
    truncatedNames: 0,
    horizontalScroll: 0,
    smallTargets: 0,
    missingStarCounters: 0,
    yourMoveWithoutControl: 0,
    examples: [],
  };
  const seen = new Set<string>();
  const note = (kind: keyof LayoutFaults, text: string) => {
    const key = `${kind}: ${text}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (out.examples.length < 40) out.examples.push(key);
  };
  const taken = new Set<string>();
  const snap = async (moment: string) => {
    if (!shots || taken.has(moment)) return;
    taken.add(moment);
    mkdirSync(RESULTS, { recursive: true });
    await page.waitForTimeout(350);
    await page.screenshot({ path: join(RESULTS, `layout-${size}-${moment}.png`), animations: 'disabled' });
  };
  let lastSeq: string | null = null;
  for (let n = 0; n < 4000; n++) {
    const seq = await page.getAttribute('.board', 'data-seq').catch(() => null);
    if (seq !== lastSeq) {
      lastSeq = seq;
      out.views++;
      const f = await layoutFaults(page, touch);
      out.truncatedNames += f.truncatedNames.length;
      out.horizontalScroll += f.horizontalScroll > 0 ? 1 : 0;
      out.smallTargets += f.smallTargets.length;
      out.missingStarCounters += f.missingStarCounters;
      out.yourMoveWithoutControl += f.yourMoveWithoutControl;
      f.truncatedNames.forEach((t) => note('truncatedNames', t));
      if (f.horizontalScroll) note('horizontalScroll', `${f.horizontalScroll}px: ${f.outside.join(', ')}`);
      f.smallTargets.forEach((t) => note('smallTargets', t));
      if (f.missingStarCounters) note('missingStarCounters', String(f.missingStarCounters));
      if (f.yourMoveWithoutControl) note('yourMoveWithoutControl', (await page.textContent('.prompt-title').catch(() => '')) ?? '');
      const phase = await page.getAttribute('.board', 'data-phase').catch(() => null);
      const turn = Number((await page.getAttribute('.board', 'data-turn').catch(() => '0')) ?? 0);
      // (The policy reads English labels: in another language it passes a lot, so any Main Step from turn 3 will do.)
      if (phase === 'main' && turn >= (lang === 'en' ? 4 : 3) && (lang !== 'en' || (await page.locator('.side-bottom .hand .slot.actionable').count()) > 0))
        await snap('main');
      if ((await page.locator('.board .slot.attacking').count()) > 0 && (phase === 'combat-block' || phase === 'combat-block-window')) await snap('combat');
    }
    const r = await playStep(page, { touch });
    out.steps++;
    if (r.result === 'over') break;
  }
  await snap('end');
  await ctx.close();
  return out;
}

async function main(): Promise<void> {
  const seed = arg('seed', 'measure-6');
  const sizes = arg('sizes', '1280x800,390x844,844x390,768x1024')
    .split(',')
    .map((s) => s.split('x').map(Number) as [number, number]);
  if (!chromiumAvailable()) throw new Error('Debian Chromium (/usr/bin/chromium) is needed: apt-get install -y chromium');
  buildWeb();
  const app = await startApp({ VROYALE_MATCH_SEED: seed, VROYALE_BOT_DELAY_MS: '0' });
  const browser = await launch();
  const results: SizeResult[] = [];
  try {
    const runs: [number, number, string][] = sizes.map(([w, h]) => [w, h, 'en']);
    if (flag('docs')) runs.push([1280, 800, 'ja']);
    for (const [w, h, lang] of runs) {
      const r = await measureSize(browser, app.url, w, h, flag('shots') || flag('docs'), lang);
      results.push(r);
      console.log(
        `${r.size}${r.touch ? ' (touch)' : ''}: ${r.views} views, ${r.steps} steps; names cut ${r.truncatedNames}, sideways ${r.horizontalScroll}, small targets ${r.smallTargets}, star counters missing ${r.missingStarCounters}, "your move" without a control ${r.yourMoveWithoutControl}`,
      );
      for (const e of r.examples) console.log(`  ${e}`);
    }
  } finally {
    await browser.close();
    await app.stop();
  }
  if (flag('docs')) {
    // The pictures the README shows: desktop main step, combat, the end, phone both ways, tablet, Japanese.
    const pick: [string, string][] = [
      ['1280x800-main', 'layout-desktop'],
      ['1280x800-combat', 'layout-combat'],
      ['1280x800-end', 'layout-end'],
      ['390x844-main', 'layout-phone'],
      ['844x390-main', 'layout-phone-landscape'],
      ['768x1024-main', 'layout-tablet'],
      ['1280x800-ja-main', 'layout-ja'],
    ];
    mkdirSync(SHOTS, { recursive: true });
    for (const [from, to] of pick) {
      const f = join(RESULTS, `layout-${from}.png`);
      if (existsSync(f)) copyFileSync(f, join(SHOTS, `${to}.png`));
      else console.warn(`no ${from} picture this run (the moment did not come up)`);
    }
  }
  const total = (k: 'truncatedNames' | 'horizontalScroll' | 'smallTargets' | 'missingStarCounters' | 'yourMoveWithoutControl') =>
    results.reduce((n, r) => n + r[k], 0);
  console.log(
    JSON.stringify({
      seed,
      sizes: results.map(({ examples: _e, ...r }) => r),
      truncatedNames: total('truncatedNames'),
      horizontalScroll: total('horizontalScroll'),
      smallTargets: total('smallTargets'),
      missingStarCounters: total('missingStarCounters'),
      yourMoveWithoutControl: total('yourMoveWithoutControl'),
    }),
  );
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
