/**
 * End-to-end, issue 17: two people in two browsers create accounts, queue Ranked, are matched, play a few real
 * actions and one concedes; both then open their profile and see a rating that moved (not 1500 any more) and
 * the match in their history. Writes docs/screenshots/queue.png, profile.png and their phone versions
 * (queue-phone.png, profile-phone.png at 390×844, which must not scroll sideways).
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eApp, e2eEnabled, shot, unnamedControls } from './harness';
import { playStep } from './policy';

async function visitor(browser: Browser, url: string, tag: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${tag}] page error: ${e.message}`));
  await page.goto(url + '/');
  return page;
}

/** A newcomer creates an account from the welcome page: the lobby then greets the account. */
async function register(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Create account' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username.slice(0, 2));
  // Checked live with the protocol's schema before anything is sent.
  await dialog.getByText('A username has at least 3 characters').waitFor();
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
}

/** Toasts gone (a screenshot shows the page, not the last message). */
async function calm(page: Page): Promise<void> {
  await page.locator('.toast').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.mouse.move(5, 5);
}

async function noSidewaysScroll(page: Page): Promise<void> {
  const w = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: innerWidth }));
  expect(w.scroll).toBeLessThanOrEqual(w.inner);
}

async function profileRating(page: Page, url: string, username: string): Promise<number> {
  await page.goto(`${url}/#/u/${username}`);
  const card = page.locator('.rating-card[data-queue="ranked"] .rating-value');
  await card.waitFor();
  return Number(await card.getAttribute('data-rating'));
}

describe.skipIf(!e2eEnabled)('accounts and ranked matchmaking end to end', () => {
  const { app, browser } = e2eApp();

  it('two new accounts queue Ranked, are matched, play to a result and see their new ratings and the match', async () => {
    const url = app().url;
    const a = await visitor(browser(), url, 'Aiko');
    const b = await visitor(browser(), url, 'Bea');
    await register(a, 'Aiko', 'aiko-password-1');
    await register(b, 'Bea', 'bea-password-1');

    // A queues Ranked first: searching, with the time in queue ticking.
    for (const p of [a, b]) await p.getByRole('radio', { name: /^Ranked/ }).check();
    await a.getByRole('button', { name: 'Find match' }).click();
    await a.getByText('Searching for an opponent…').waitFor();
    await expect.poll(() => a.locator('.queue-time').textContent(), { timeout: 5000 }).toMatch(/^0:0[1-9]$/);
    await calm(a);
    await shot(a, 'queue');
    expect(await unnamedControls(a)).toEqual([]);

    // B queues too: they are paired and both rooms open.
    await b.getByRole('button', { name: 'Find match' }).click();
    await a.waitForSelector('.board', { timeout: 20_000 });
    await b.waitForSelector('.board', { timeout: 20_000 });
    // The opponent's name is a menu that leads to their profile.
    await a.getByRole('button', { name: 'Options for Bea' }).click();
    await a.getByRole('menuitem', { name: 'View profile' }).waitFor();
    await a.keyboard.press('Escape');

    // A few real actions on both sides, then Aiko concedes.
    for (let i = 0; i < 12; i++) {
      await playStep(a);
      await playStep(b);
    }
    await a.getByRole('button', { name: 'Concede' }).click();
    await a.getByRole('alertdialog', { name: 'Concede this match?' }).getByRole('button', { name: 'Concede the match' }).click();
    await a.waitForSelector('.end-overlay');
    await b.waitForSelector('.end-overlay');

    // Both profiles: the ranked rating moved, the winner's up and the loser's down, and the match is listed.
    await expect.poll(() => profileRating(b, url, 'Bea'), { timeout: 10_000 }).toBeGreaterThan(1500);
    await expect.poll(() => profileRating(a, url, 'Aiko'), { timeout: 10_000 }).toBeLessThan(1500);
    for (const [p, opponent, result] of [
      [a, 'Bea', 'Loss'],
      [b, 'Aiko', 'Win'],
    ] as const) {
      const row = p.locator('.history-table tbody tr').first();
      await row.waitFor();
      expect(await row.locator('.result-badge').textContent()).toBe(result);
      await row.getByRole('link', { name: opponent, exact: true }).waitFor();
      expect(await row.locator('.rating-change b').textContent()).toMatch(result === 'Win' ? /^\+\d+$/ : /^\u2212\d+$/);
      await row.getByRole('link', { name: `Watch the replay of the match against ${opponent}` }).waitFor();
    }
    await calm(a);
    await shot(a, 'profile');
    expect(await unnamedControls(a)).toEqual([]);

    // The same pages on a phone held upright: nothing scrolls sideways.
    await a.setViewportSize({ width: 390, height: 844 });
    await a.waitForTimeout(200);
    await noSidewaysScroll(a);
    await calm(a);
    await shot(a, 'profile-phone');
    await a.goto(`${url}/#/`);
    await a.getByRole('radio', { name: /^Casual/ }).check();
    await a.getByRole('button', { name: 'Find match' }).click();
    await a.getByText('Searching for an opponent…').waitFor();
    await expect.poll(() => a.locator('.queue-time').textContent(), { timeout: 5000 }).toMatch(/^0:0[1-9]$/);
    await noSidewaysScroll(a);
    await a.locator('.play-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await calm(a);
    await shot(a, 'queue-phone');
    // Leaving works at any moment.
    await a.getByRole('button', { name: 'Cancel' }).click();
    await a.getByRole('button', { name: 'Find match' }).waitFor();

    await a.context().close();
    await b.context().close();
  }, 300_000);
});
