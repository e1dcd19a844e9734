/**
 * "How to play": reachable from the lobby (a page) and from the playmat (the "?" button and the ? key), in both
 * languages; the zone diagram answers pointing and focus.
 */
import { describe, expect, it } from 'vitest';
import { e2eApp, e2eEnabled, newPlayer, shot } from './harness';

describe.skipIf(!e2eEnabled)('how to play', () => {
  const { app, browser } = e2eApp();

  it('opens from the lobby and from the playmat, with the zones explained', async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Learner');
    await page.getByRole('link', { name: 'How to play' }).click();
    await page.getByRole('heading', { name: 'How to play VRoyale', level: 1 }).waitFor();
    // Focusing a zone of the diagram explains it.
    await page.getByRole('button', { name: 'Star Pool' }).focus();
    await expect.poll(() => page.locator('.playmat-diagram figcaption').innerText()).toContain('star card');
    for (const k of ['Ban', 'Callout', 'Clip', 'Clout', 'Moderator', 'Raid']) await page.locator('.glossary.keywords dt', { hasText: k }).first().waitFor();
    await shot(page, 'how-to-play');

    // From a match: the "?" button, and the ? key after closing it.
    await page.getByRole('link', { name: /Back to the lobby/ }).click();
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    await page.getByRole('button', { name: 'How to play (press ?)' }).click();
    const dialog = page.getByRole('dialog', { name: 'How to play VRoyale' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('body').press('?');
    await dialog.waitFor();
    await page.keyboard.press('Escape');

    // In Japanese too.
    await page.evaluate(() => localStorage.setItem('vroyale.language', 'ja'));
    await page.goto(`${app().url}/#/how-to-play`);
    await page.reload(); // a new hash alone does not load the page again
    await page.getByRole('heading', { name: 'VRoyale の遊び方', level: 1 }).waitFor();
    await page.locator('.glossary.keywords dt', { hasText: 'コールアウト' }).waitFor();
    // On a phone the page fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/how-to-play-ja-phone.png' });
    await ctx.close();
  });
});
