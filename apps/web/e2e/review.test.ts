/**
 * The game review in the replay viewer (issue 35 §1), in the browser against the real server. A guest plays the
 * bot to the end, opens the replay from the result, asks for the review ("Review this match"), sees it queued and
 * running, then the graph; steps to a marked decision from the summary, reads its verdict and shows the suggested
 * play as a variation, then goes back to the game line; clicks and keys on the graph move the replay. Phone
 * (upright and sideways) and tablet: nothing wider than the screen.
 *
 * Where the review comes from: the server's review queue (`POST`/`GET /api/matches/:id/review`, docs/api.md
 * "Reviews"), as on main since the queue was merged. Only a server without the routes (a bare `{ error: 'not-found' }`
 * for the path) makes the test answer the review endpoint in the browser by a Playwright route with a FIXTURE: the
 * review of this very match by the real analysis (`reviewMatch`, packages/review/bench/review-replay.ts, with a tiny
 * budget), queued, running, failed the first time (its message, "Ask again"), then done. Its log says which ran.
 *
 * Screenshots: review-desktop (a marked decision), review-variation (its suggested play), review-phone (390×844) and
 * review-phone-panel (its drawer: the summary), review-phone-landscape (844×390), review-tablet (768×1024), and
 * review-desktop-ja (in Japanese).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { GameReview, ReviewState } from '@vroyale/protocol';
import { e2eApp, e2eEnabled, newPlayer, REPO, shot, unnamedControls } from './harness';
import { playToEnd } from './policy';

/** The fixture's budget: enough to judge every decision, small enough for a few seconds of one core. */
const FIXTURE_BUDGET = ['--deals', '1', '--verify', '2', '--candidates', '4'];

function reviewByAnalysis(replay: unknown): GameReview {
  const dir = mkdtempSync(join(tmpdir(), 'vroyale-review-'));
  try {
    const file = join(dir, 'replay.json');
    writeFileSync(file, JSON.stringify(replay));
    const out = execFileSync(
      process.execPath,
      [join(REPO, 'node_modules/tsx/dist/cli.mjs'), join(REPO, 'packages/review/bench/review-replay.ts'), file, ...FIXTURE_BUDGET],
      { cwd: REPO, encoding: 'utf8', maxBuffer: 64 << 20 },
    );
    return JSON.parse(out) as GameReview;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The failure the fixture's first review ends in (a real queue fails a review that runs out of its budget, say). */
const FIXTURE_FAILURE = 'The review stopped: the fixture fails the first time on purpose';

/**
 * Answers the review endpoint in this context as the server's queue would: the POST queues it (one ahead), the
 * reads then say next in line, running, and done with the review. With `failFirst`, the first review fails once
 * running (asking again then goes through).
 */
async function routeFixture(ctx: BrowserContext, matchId: string, review: GameReview, total: number, startDone = false, failFirst = false): Promise<void> {
  let reads = startDone ? 99 : -1;
  let posts = 0;
  const state = (s: Partial<ReviewState>): ReviewState => ({
    matchId,
    status: 'queued',
    progress: { done: 0, total },
    queuePosition: null,
    review: null,
    error: null,
    ...s,
  });
  await ctx.route(`**/api/matches/${matchId}/review`, async (route) => {
    const method = route.request().method();
    let body: ReviewState | { error: string; message: string };
    let status = 200;
    if (method === 'POST') {
      reads = 0;
      posts++;
      status = 202;
      body = state({ status: 'queued', queuePosition: 1 });
    } else if (reads < 0) {
      status = 404;
      body = { error: 'not-found', message: 'No review of this match yet' };
    } else {
      reads++;
      body =
        reads <= 1
          ? state({ status: 'queued', queuePosition: 0 })
          : reads <= 3
            ? state({ status: 'running', progress: { done: Math.floor((total * (reads - 1)) / 3), total } })
            : failFirst && posts === 1
              ? state({ status: 'failed', progress: { done: Math.floor((total * 2) / 3), total }, error: FIXTURE_FAILURE })
              : state({ status: 'done', progress: { done: total, total }, review });
    }
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  });
}

async function frameShown(page: Page): Promise<number> {
  return Number((await page.locator('.replay-controls .hint').textContent())!.split('/')[0]);
}

async function noSideScroll(page: Page, where: string): Promise<void> {
  const f = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    w: window.innerWidth,
    graph: document.querySelector('.review-graph svg')?.getBoundingClientRect().right ?? 0,
  }));
  expect(f.sw, `${where}: nothing wider than the screen`).toBeLessThanOrEqual(f.w);
  expect(f.graph, `${where}: the graph fits`).toBeLessThanOrEqual(f.w);
}

async function device(browser: Browser, width: number, height: number, touch: boolean): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext({ viewport: { width, height }, isMobile: touch, hasTouch: touch, deviceScaleFactor: touch ? 2 : 1 });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${width}×${height}] page error: ${e.message}`));
  return { ctx, page };
}

describe.skipIf(!e2eEnabled)('the game review in the replay viewer', () => {
  // The server's review queue (when it has one) with a smaller search budget per decision: a match of the policy
  // against the bot is reviewed in seconds on a loaded machine, marks and all.
  const { app, browser } = e2eApp({ VROYALE_REVIEW_DEALS: '2', VROYALE_REVIEW_VERIFY: '4', VROYALE_REVIEW_CANDIDATES: '6' });

  it('a finished match is reviewed: queue, progress, the graph, a mark, the suggested play; phone and tablet fit', async () => {
    const url = app().url;
    const { ctx, page } = await newPlayer(browser(), url, 'Reviewer');
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    await playToEnd(page, 4000);
    const href = (await page.getByRole('link', { name: 'Watch the replay' }).getAttribute('href'))!;
    const matchId = href.replace('#/replay/', '');
    // The result also offers the review itself: the replay, asking for it at once.
    expect(await page.getByRole('link', { name: 'Review the match' }).getAttribute('href')).toBe(`#/replay/${matchId}?review`);
    const replay = (await (await fetch(`${url}/api/matches/${matchId}/replay`)).json()) as { actions: { action: { type: string } }[] };

    // The server's queue when it has one; otherwise the fixture (the real analysis of this match, in a route).
    const real = await serverHasReviews(url, matchId);
    let fixture: GameReview | null = null;
    if (!real) {
      fixture = reviewByAnalysis(replay);
      await routeFixture(ctx, matchId, fixture, replay.actions.length, false, true);
    }
    console.log(`review e2e: the review comes from ${real ? 'the real server' : 'the FIXTURE route (the real analysis run by the test)'}`);

    await page.getByRole('link', { name: 'Watch the replay' }).click();
    await page.locator('.replay-controls').waitFor();
    await page.getByRole('button', { name: 'Review this match' }).click();
    // Queued, then running: a progress bar while it comes.
    await page.locator('.review-progress').waitFor({ timeout: 20_000 });
    await expect.poll(() => page.locator('.review-progress').textContent()).toMatch(/^(Queued|Reviewing)/);
    await page.getByRole('progressbar', { name: 'Review progress' }).waitFor();
    if (!real) {
      // The fixture's first review fails: its message, and asking again.
      await expect.poll(() => page.locator('.review-pitch').textContent(), { timeout: 20_000 }).toBe(`The review failed: ${FIXTURE_FAILURE}`);
      await page.getByRole('button', { name: 'Ask again' }).click();
      await page.locator('.review-progress').waitFor();
    }
    const graph = page.getByRole('slider', { name: /^Win chance over the match/ });
    await graph.waitFor({ timeout: real ? 180_000 : 20_000 });
    const review = fixture ?? ((await (await fetch(`${url}/api/matches/${matchId}/review`)).json()) as ReviewState).review!;
    const last = replay.actions.length;
    expect(await graph.getAttribute('aria-valuemax')).toBe(String(last));

    // One dot per marked decision, and one point per decision (the line has one segment per point after the first).
    const marked = review.decisions.filter((d) => d.judgement?.mark);
    expect(await page.locator('.rg-dot').count()).toBe(marked.length);
    const segments = ((await page.locator('.rg-line').getAttribute('d')) ?? '').split(' L').length;
    expect(segments).toBeGreaterThanOrEqual(review.decisions.length);
    expect(marked.length, 'a match played by the clicking policy has a marked decision').toBeGreaterThan(0);

    // The summary: a count steps to that manager's first decision with that mark; the verdict names the mark.
    const first = [...marked].sort((a, b) => a.index - b.index)[0]!;
    const mark = first.judgement!.mark!;
    const word = { inaccuracy: 'Inaccuracy', mistake: 'Mistake', blunder: 'Blunder' }[mark];
    await page.locator(`.review-summary td[data-manager="${first.manager}"] .review-count.is-${mark}`).click();
    await expect.poll(() => frameShown(page)).toBe(first.index + 1);
    const verdict = page.locator('.prompt .review-verdict');
    await expect.poll(() => verdict.getAttribute('data-mark')).toBe(mark);
    await expect.poll(() => verdict.textContent()).toContain(`${word}: ${first.judgement!.loss.toFixed(1)} points of win chance lost`);
    await expect.poll(() => verdict.locator('.review-suggested').textContent()).toMatch(/^Suggested: .+\./);
    expect(await unnamedControls(page)).toEqual([]);
    await shot(page, 'review-desktop');

    // The suggested play on the board: a variation, labelled, and back to the game line.
    const seqBefore = await page.locator('.board').getAttribute('data-seq');
    await page.getByRole('button', { name: 'Show the suggested play' }).click();
    await page.locator('.replay[data-variation="on"] .board-wrap.is-variation').waitFor();
    await expect.poll(() => page.locator('.review-variation .prompt-title').textContent()).toMatch(/^Variation, not played: .+\./);
    await expect
      .poll(() => page.locator('.review-variation .hint').textContent())
      .toBe(`The board shows the suggested play instead of action ${first.index + 1}.`);
    await shot(page, 'review-variation');
    await page.getByRole('button', { name: 'Back to the game' }).click();
    await page.locator('.replay[data-variation="on"]').waitFor({ state: 'detached' });
    expect(await page.locator('.board').getAttribute('data-seq')).toBe(seqBefore);

    // The graph moves the replay: a click near its right end, then Home and End from the keyboard.
    const box = (await graph.boundingBox())!;
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    await expect.poll(() => frameShown(page)).toBe(Math.round(((box.width * 0.75 - 10) / (box.width - 20)) * last));
    await graph.focus();
    await page.keyboard.press('Home');
    await expect.poll(() => frameShown(page)).toBe(0);
    await page.keyboard.press('End');
    await expect.poll(() => frameShown(page)).toBe(last);

    // Phone upright and sideways, and a tablet: the review (already done) shows at once, at the marked decision.
    for (const [name, w, h, touch] of [
      ['review-phone', 390, 844, true],
      ['review-phone-landscape', 844, 390, true],
      ['review-tablet', 768, 1024, true],
    ] as const) {
      const d = await device(browser(), w, h, touch);
      if (!real) await routeFixture(d.ctx, matchId, fixture!, last, true);
      await d.page.goto(`${url}/#/replay/${matchId}`);
      const g = d.page.getByRole('slider', { name: /^Win chance over the match/ });
      await g.waitFor({ timeout: 20_000 });
      await d.page.locator('.replay-controls input[type="range"]').fill(String(first.index + 1));
      await expect.poll(() => frameShown(d.page)).toBe(first.index + 1);
      await d.page.locator('.prompt .review-verdict').waitFor();
      await d.page.locator('.replay-controls input[type="range"]').blur();
      await d.page.waitForTimeout(300);
      await noSideScroll(d.page, name);
      await shot(d.page, name);
      if (name === 'review-phone') {
        // The summary is in the drawer, with the log.
        await d.page.getByRole('button', { name: 'Log', exact: true }).tap();
        await d.page.locator('.review-summary').waitFor({ state: 'visible' });
        await d.page.waitForTimeout(300);
        await noSideScroll(d.page, `${name} with its drawer`);
        await shot(d.page, 'review-phone-panel');
      }
      await d.ctx.close();
    }

    // In Japanese: the summary, the mark and the suggestion in Japanese words.
    const ja = await browser().newContext({ viewport: { width: 1280, height: 720 }, locale: 'ja-JP' });
    if (!real) await routeFixture(ja, matchId, fixture!, last, true);
    const jp = await ja.newPage();
    await jp.goto(`${url}/#/replay/${matchId}`);
    await jp.getByRole('slider', { name: /^対戦を通した勝率/ }).waitFor({ timeout: 20_000 });
    await jp.locator('.replay-controls input[type="range"]').fill(String(first.index + 1));
    const jaMark = { inaccuracy: '疑問手', mistake: '悪手', blunder: '大悪手' }[mark];
    await expect.poll(() => jp.locator('.prompt .review-verdict').textContent()).toContain(`${jaMark}：勝率を`);
    await expect.poll(() => jp.locator('.review-summary').textContent()).toContain('精度');
    await jp.locator('.replay-controls input[type="range"]').blur();
    await shot(jp, 'review-desktop-ja');
    await ja.close();
    await ctx.close();
  }, 900_000);
});

/**
 * Whether this server has the review routes: a server without them answers any unknown `/api` path with a bare
 * `{ error: 'not-found' }` (http-app.ts), where the review route's 404 (no such match, not asked yet) says why.
 */
async function serverHasReviews(url: string, matchId: string): Promise<boolean> {
  const r = await fetch(`${url}/api/matches/${matchId}/review`);
  if (r.status !== 404) return true;
  const body = (await r.json().catch(() => ({}))) as { message?: string };
  return typeof body.message === 'string';
}
