/**
 * The Puzzles page in the browser against the real server (issue 35 §2). The daily puzzle is fixed for the test
 * (VROYALE_PUZZLE_DAILY: a clear-the-board puzzle whose line is one play and a pass). A guest opens Puzzles from
 * the lobby, reads the goal, asks for a hint, solves the daily by the same clicks as in a match (the card, "Play",
 * then Pass): solved, the rating moves and the streak is 1. The solution then replays on the board step by step.
 * A phone held upright opens the page: nothing wider than the screen. Screenshots: desktop (the puzzle, solved,
 * the solution), phone portrait, and Japanese.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eApp, e2eEnabled, newPlayer, shot, unnamedControls } from './harness';
import { shippedPuzzles } from '../../server/src/puzzles/puzzle-set';

const DAILY = 'clear-ba084d8cef';

async function openPuzzles(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Puzzles', exact: true }).click();
  await page.locator(`.puzzles[data-puzzle="${DAILY}"] .board`).waitFor();
}

async function noSideScroll(page: Page): Promise<void> {
  const fit = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, w: window.innerWidth }));
  expect(fit.sw, 'nothing wider than the screen').toBeLessThanOrEqual(fit.w);
}

async function phone(browser: Browser, url: string, locale = 'en-US'): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2, locale });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[phone] page error: ${e.message}`));
  await page.goto(url + '/#/puzzles');
  return page;
}

describe.skipIf(!e2eEnabled)('the Puzzles page', () => {
  const { app, browser } = e2eApp({ VROYALE_PUZZLE_DAILY: DAILY });

  it('solves the daily puzzle by clicks, shows the rating and streak, and replays the solution', async () => {
    const url = app().url;
    const line = shippedPuzzles().byId.get(DAILY)!.line;
    const play = line[0]!;
    if (play.type !== 'play') throw new Error('the fixed daily starts with a play');

    const { page } = await newPlayer(browser(), url, 'Puzzler');
    await openPuzzles(page);
    await expect.poll(() => page.locator('.puzzle-side').textContent()).toContain("Clear your opponent's Main Stage this turn");
    await expect.poll(() => page.getByTestId('puzzle-rating').textContent()).toContain('1500');
    expect(await unnamedControls(page)).toEqual([]);
    await shot(page, 'puzzles-desktop');

    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await expect.poll(() => page.locator('.puzzle-banner').textContent()).toMatch(/^Hint: play a card with /);
    await page.locator(`.slot.puzzle-hinted [data-card-id="${play.card}"]`).waitFor();
    await shot(page, 'puzzles-hint');

    // The same clicks as in a match: the card, then "Play" in its menu, then Pass.
    // (A card with one thing to do acts at once; with more, its menu opens.)
    const seq0 = await page.locator('.board').getAttribute('data-seq');
    await page.locator(`.side-bottom .slot-btn:has([data-card-id="${play.card}"])`).click();
    await page.waitForFunction((s) => !!document.querySelector('.card-menu') || document.querySelector('.board')?.getAttribute('data-seq') !== s, seq0);
    if (await page.locator('.card-menu').count())
      await page
        .locator('.card-menu button', { hasText: /^(Play|Debut)/ })
        .first()
        .click();
    await page.waitForFunction((s) => document.querySelector('.board')?.getAttribute('data-seq') !== s, seq0);
    await page.locator('.prompt button', { hasText: /^Pass/ }).first().click();
    await page.locator('.puzzles[data-status="solved"]').waitFor();
    await expect.poll(() => page.locator('.puzzle-status').textContent()).toMatch(/Solved!.*Your rating: \d+ \(\+\d+\)/);
    await expect.poll(() => page.getByTestId('puzzle-streak').textContent()).toBe('1');
    await expect.poll(() => page.locator('.puzzle-log').textContent()).toContain('You win the match');
    await shot(page, 'puzzles-solved');

    // The solution, step by step on the board.
    await page.getByRole('button', { name: 'Show solution' }).click();
    await expect.poll(() => page.locator('.puzzle-status .prompt-title').textContent()).toMatch(/^Solution/);
    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByRole('button', { name: 'Next step' }).click();
    await expect.poll(() => page.locator('.puzzle-status .prompt-title').textContent()).toMatch(/Solution: step 1 of \d+/);
    // The step in words, as the match log writes it.
    await expect.poll(() => page.locator('.puzzle-step').textContent()).toMatch(/^You (play|debut) /);
    await shot(page, 'puzzles-solution');
    await page.getByRole('button', { name: 'Back to the puzzle' }).click();

    // Next puzzle: another one, at the player's level.
    await page.getByRole('button', { name: 'Next puzzle' }).click();
    await expect.poll(() => page.locator('.puzzles').getAttribute('data-puzzle')).not.toBe(DAILY);
    await expect.poll(() => page.locator('.puzzles').getAttribute('data-status')).toBe('continue');
  });

  it('fits a phone held upright, in English and in Japanese', async () => {
    const url = app().url;
    for (const [locale, name] of [
      ['en-US', 'puzzles-phone'],
      ['ja-JP', 'puzzles-phone-ja'],
    ] as const) {
      const page = await phone(browser(), url, locale);
      await page
        .locator('input')
        .first()
        .fill(locale === 'en-US' ? 'Pocket' : 'ミカ');
      await page.locator('form button[type="submit"], button:has-text("Enter"), button:has-text("ロビー")').first().click();
      await page.locator(`.puzzles[data-puzzle="${DAILY}"] .board`).waitFor();
      await page.waitForTimeout(300);
      await noSideScroll(page);
      if (locale === 'ja-JP') await expect.poll(() => page.locator('.puzzle-banner').textContent()).toContain('メインステージ');
      await shot(page, name);
      if (locale === 'en-US') {
        // The side panel (ratings, streak, the buttons) is a drawer on a phone, opened from the top bar.
        await page.getByRole('button', { name: 'Puzzle', exact: true }).tap();
        await page.getByRole('button', { name: 'Next puzzle' }).waitFor();
        await noSideScroll(page);
        await shot(page, 'puzzles-phone-panel');
      }
      await page.context().close();
    }
  });
});
