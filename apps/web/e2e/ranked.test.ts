/**
 * End-to-end, issue 17: two people in two browsers create accounts, queue Ranked, are matched, play a few real
 * actions and one concedes; both then open their profile and see a rating that moved (not 1500 any more) and
 * the match in their history. Writes docs/screenshots/queue.png, profile.png and their phone versions
 * (queue-phone.png, profile-phone.png at 390×844, which must not scroll sideways).
 *
 * Then issue 34 §1: a best of three is its own queue. Cara queues Ranked · Best of three, Dan Ranked · One game: they
 * are not paired; Dan switches to Best of three (the choice is remembered across a reload) and they are. Dan wins
 * 2–0; his profile shows a Ranked · Best of three rating and the match's change on the match row, and the
 * leaderboard's Ranked · Best of three tab lists him. Screenshots queue-bo3.png, leaderboard-bo3.png and their phone
 * versions.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eApp, e2eEnabled, RESULTS, shot, unnamedControls } from './harness';
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

  it('a best of three is its own queue: paired only with the same format, rated once per match, its own leaderboard', async () => {
    const url = app().url;
    const a = await visitor(browser(), url, 'Cara');
    const b = await visitor(browser(), url, 'Dan');
    await register(a, 'Cara', 'cara-password-1');
    await register(b, 'Dan', 'dan-password-1');

    // Cara: Ranked, Best of three (its hint says what that means), searching in that queue.
    await a.getByRole('radio', { name: /^Ranked/ }).check();
    await a.locator('#queue-format').selectOption({ label: 'Best of three (first to win two games)' });
    await a.getByText('Paired only with players looking for a best of three.', { exact: false }).waitFor();
    await a.locator('.play-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await calm(a);
    await shot(a, 'queue-bo3');
    expect(await unnamedControls(a)).toEqual([]);
    await a.getByRole('button', { name: 'Find match' }).click();
    await expect.poll(() => a.locator('.queue-which').textContent()).toBe('Ranked · Best of three · time in queue');

    // Dan: Ranked, one game. Different queues: nobody is paired.
    await b.getByRole('radio', { name: /^Ranked/ }).check();
    expect(await b.locator('#queue-format').inputValue()).toBe('bo1');
    await b.getByRole('button', { name: 'Find match' }).click();
    await expect.poll(() => b.locator('.queue-which').textContent()).toBe('Ranked · time in queue');
    await b.waitForTimeout(3000);
    for (const p of [a, b]) expect(await p.getByText('Searching for an opponent…').count()).toBe(1);
    expect(await a.locator('.board').count()).toBe(0);

    // Dan leaves, chooses Best of three; after a reload the lobby still has his choice. Then they are paired.
    await b.getByRole('button', { name: 'Cancel' }).click();
    await b.locator('#queue-format').selectOption('bo3');
    await b.reload();
    await b.getByRole('button', { name: 'Find match' }).waitFor();
    expect(await b.locator('#queue-format').inputValue()).toBe('bo3');
    expect(await b.getByRole('radio', { name: /^Ranked/ }).isChecked()).toBe(true);
    await b.getByRole('button', { name: 'Find match' }).click();
    for (const p of [a, b]) {
      await p.waitForSelector('.board', { timeout: 20_000 });
      await expect.poll(() => p.locator('.series-badge').textContent()).toContain('Game 1 · Best of three');
    }

    // Cara concedes two games: Dan wins the match 2–0.
    const concedeGame = async (p: Page) => {
      await p.getByRole('button', { name: 'Concede', exact: true }).click();
      await p.getByRole('alertdialog', { name: 'Concede this game?' }).getByRole('button', { name: 'Concede the game' }).click();
      await p.locator('.end-overlay').waitFor();
    };
    const g1 = a.url();
    await concedeGame(a);
    for (const p of [a, b]) await p.locator('.sideboard').getByRole('button', { name: 'Keep my deck' }).click();
    for (const p of [a, b]) {
      await expect.poll(() => p.url(), { timeout: 20_000 }).not.toBe(g1);
      await p.locator('.board').waitFor();
    }
    for (const p of [a, b]) await p.getByRole('button', { name: 'Keep hand' }).click();
    await expect.poll(() => a.locator('.prompt-title').textContent(), { timeout: 20_000 }).toMatch(/^You lost the last game: go first or second\?/);
    await a.getByRole('button', { name: /Go first/ }).click();
    await expect.poll(() => a.getAttribute('.board', 'data-phase'), { timeout: 20_000 }).not.toBe('turn-order');
    await concedeGame(a);
    await expect.poll(() => b.locator('.series-result').textContent()).toBe('You win the match 2 – 0');

    // Dan's profile: a Ranked · Best of three rating above 1500, and the match's change on its match row.
    const bo3Rating = async () => {
      await b.goto(`${url}/#/u/Dan`);
      const card = b.locator('.rating-card[data-queue="ranked-bo3"] .rating-value');
      await card.waitFor();
      return Number(await card.getAttribute('data-rating'));
    };
    await expect.poll(bo3Rating, { timeout: 10_000 }).toBeGreaterThan(1500);
    expect(await b.locator('.rating-card[data-queue="ranked-bo3"] .rating-queue').textContent()).toBe('Ranked · Best of three');
    const series = b.locator('.history-table .series-row');
    await expect.poll(() => series.textContent(), { timeout: 10_000 }).toContain('2–0');
    expect(await series.locator('.rating-change b').textContent()).toMatch(/^\+\d+$/);
    // Once: its games' rows show no change of their own.
    expect(await b.locator('.history-table .series-game .rating-change b').count()).toBe(0);
    await calm(b);
    await b.screenshot({ path: join(RESULTS, 'profile-bo3.png'), fullPage: true });

    // The leaderboard: four tabs; the old routes still work; the best-of-three tab lists Dan (and Cara).
    await b.goto(`${url}/#/leaderboard/casual`);
    await expect.poll(() => b.locator('.board-tabs a[aria-current="page"]').textContent()).toBe('Casual');
    await b.getByRole('link', { name: 'Ranked · Best of three' }).click();
    await expect.poll(() => b.url()).toMatch(/#\/leaderboard\/ranked-bo3$/);
    await b.locator('.leaderboard').getByRole('link', { name: 'Dan', exact: true }).waitFor();
    expect(await b.locator('.board-tabs a').allTextContents()).toEqual(['Ranked', 'Casual', 'Ranked · Best of three', 'Casual · Best of three']);
    await calm(b);
    await shot(b, 'leaderboard-bo3');
    expect(await unnamedControls(b)).toEqual([]);

    // Phone upright: the leaderboard's tabs and the Play online panel with its format choice fit.
    for (const p of [a, b]) await p.setViewportSize({ width: 390, height: 844 });
    await b.waitForTimeout(200);
    await noSidewaysScroll(b);
    // Every column on screen: the table does not need its own sideways scroll either.
    const table = await b.locator('.table-scroll').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(table.scroll).toBeLessThanOrEqual(table.client);
    await shot(b, 'leaderboard-bo3-phone');
    await a.goto(`${url}/#/`);
    await a.getByRole('button', { name: 'Find match' }).waitFor();
    expect(await a.locator('#queue-format').inputValue()).toBe('bo3');
    await noSidewaysScroll(a);
    await a.locator('.play-panel').evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await calm(a);
    await shot(a, 'queue-bo3-phone');
    // (Not for the docs: searching in that queue on a phone.)
    await a.getByRole('button', { name: 'Find match' }).click();
    await expect.poll(() => a.locator('.queue-which').textContent()).toBe('Ranked · Best of three · time in queue');
    await noSidewaysScroll(a);
    await a.screenshot({ path: join(RESULTS, 'queue-bo3-searching-phone.png') });
    await a.getByRole('button', { name: 'Cancel' }).click();

    await a.context().close();
    await b.context().close();
  }, 300_000);
});
