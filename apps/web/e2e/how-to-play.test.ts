/**
 * "How to play": reachable from the lobby (a page) and from the playmat (the "?" button and the ? key), in both
 * languages. Its playmat is the real board (a sample match, inert): every zone the legend names is found on it
 * by the board's own classes, and choosing a zone — by the legend or by pointing at the miniature — rings it and
 * explains it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eApp, e2eEnabled, newPlayer, shot } from './harness';
import { ZONE_SELECTOR, ZONES } from '../src/ui/how-to-play/zones';
import { HOW_TO_TEXTS } from '../src/ui/how-to-play/texts';

/** The ring's box and the chosen zone's box on the miniature (null when either is missing). */
async function ringAndZone(page: Page, sel: string): Promise<{ ring: number[]; zone: number[] } | null> {
  return page.evaluate((s) => {
    const box = (e: Element | null) => {
      if (!e) return null;
      const r = e.getBoundingClientRect();
      return [r.left, r.top, r.width, r.height];
    };
    const ring = box(document.querySelector('.howto-ring'));
    // The first of the zone's selectors that is on screen (zones.ts zoneIn).
    const zone =
      s
        .split(', ')
        .map((x) => box(document.querySelector(`.howto-mini ${x}`)))
        .find((b) => !!b && b[2]! > 0 && b[3]! > 0) ?? null;
    return ring && zone ? { ring, zone } : null;
  }, sel);
}

/** The ring sits on the zone (3 px out on each side). */
const ringsZone = (r: { ring: number[]; zone: number[] } | null) =>
  !!r &&
  Math.abs(r.ring[0]! + 3 - r.zone[0]!) < 2 &&
  Math.abs(r.ring[1]! + 3 - r.zone[1]!) < 2 &&
  Math.abs(r.ring[2]! - 6 - r.zone[2]!) < 2 &&
  r.zone[2]! > 4 &&
  r.zone[3]! > 4;

describe.skipIf(!e2eEnabled)('how to play', () => {
  const { app, browser } = e2eApp();

  it('opens from the lobby and from the playmat, with the zones explained', async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Learner');
    await page.getByRole('link', { name: 'How to play' }).click();
    await page.getByRole('heading', { name: 'How to play VRoyale', level: 1 }).waitFor();
    // Focusing a zone of the legend explains it.
    await page.getByRole('button', { name: 'Star Pool' }).focus();
    await expect.poll(() => page.locator('.playmat-diagram figcaption').innerText()).toContain('star card');
    // The miniature is the real playmat, both sides, and nothing on it can be reached.
    await page.locator('.howto-mini .board .side-top').waitFor();
    await page.locator('.howto-mini .board .side-bottom .hand .slot').first().waitFor();
    expect(await page.locator('.howto-room[inert]').count()).toBe(1);
    // Every zone the legend names is on it, and choosing it rings that zone and shows its text.
    for (const z of ZONES) {
      await page.locator('.zone-chip', { hasText: HOW_TO_TEXTS.en.zones[z].name }).click();
      await expect.poll(() => page.locator('.playmat-diagram figcaption').innerText()).toContain(HOW_TO_TEXTS.en.zones[z].text);
      await expect.poll(async () => ringsZone(await ringAndZone(page, ZONE_SELECTOR[z])), { message: `the ring on ${z}` }).toBe(true);
    }
    // Pointing at a zone of the miniature chooses it too.
    await page.evaluate((s) => document.querySelector(`.howto-mini ${s}`)?.scrollIntoView({ block: 'center' }), ZONE_SELECTOR.roster);
    const roster = await page.locator(`.howto-mini ${ZONE_SELECTOR.roster}`).boundingBox();
    await page.mouse.move(roster!.x + roster!.width / 2, roster!.y + roster!.height / 2);
    await expect.poll(() => page.locator('.zone-chip.on').innerText()).toBe('Roster');
    await page.getByRole('button', { name: 'Star Pool' }).click();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => document.getElementById('howto-playmat')?.scrollIntoView({ block: 'start' }));
    for (const k of ['Ban', 'Callout', 'Clip', 'Clout', 'Moderator', 'Raid']) await page.locator('.glossary.keywords dt', { hasText: k }).first().waitFor();
    await shot(page, 'how-to-play');

    // From a match: the "?" button, and the ? key after closing it.
    await page.getByRole('link', { name: /Back to the lobby/ }).click();
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    await page.getByRole('button', { name: 'How to play', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'How to play VRoyale' });
    await dialog.waitFor();
    // Its miniature playmat comes after the room's in the page: the room's board is still the first one.
    await dialog.locator('.howto-mini .board').waitFor();
    expect(await page.evaluate(() => !document.querySelector('.board')?.closest('.howto-room'))).toBe(true);
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
    await page.getByRole('button', { name: 'スタープール' }).click();
    await expect.poll(() => page.locator('.playmat-diagram figcaption').innerText()).toContain('スターカード');
    await page.evaluate(() => document.getElementById('howto-playmat')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/how-to-play-ja.png' });
    await ctx.close();
  });

  it('on a phone (390×844, touch, Japanese): the page fits the width, the miniature is the phone playmat, a tap explains a zone', async () => {
    const ctx = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await ctx.newPage();
    await page.goto(app().url);
    await page.evaluate(() => localStorage.setItem('vroyale.language', 'ja'));
    await page.goto(`${app().url}/#/how-to-play`);
    await page.reload();
    await page.getByRole('heading', { name: 'VRoyale の遊び方', level: 1 }).waitFor();
    await page.locator('.howto-mini .board .side-bottom .hand .slot').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // No key hints on a touch screen, on the miniature either.
    expect(await page.locator('.howto-mini .key-hint').evaluateAll((els) => els.filter((e) => getComputedStyle(e).display !== 'none').length)).toBe(0);
    await page.getByRole('button', { name: '手札' }).tap();
    await expect.poll(() => page.locator('.playmat-diagram figcaption').innerText()).toContain(HOW_TO_TEXTS.ja.zones.hand.text);
    await expect.poll(async () => ringsZone(await ringAndZone(page, ZONE_SELECTOR.hand))).toBe(true);
    // A tap on the miniature's Star Pool explains it.
    // (On an upright phone the Star Pool's counter sits beside the manager.)
    await page.evaluate((s) => document.querySelector(`.howto-mini ${s}`)?.scrollIntoView({ block: 'center' }), '.side-bottom .head-stars');
    const stars = await page.locator('.howto-mini .side-bottom .head-stars').boundingBox();
    await page.touchscreen.tap(stars!.x + stars!.width / 2, stars!.y + stars!.height / 2);
    await expect.poll(() => page.locator('.zone-chip.on').innerText()).toBe('スタープール');
    await page.evaluate(() => document.getElementById('howto-playmat')?.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(300);
    await page.screenshot({ path: 'test-results/how-to-play-ja-phone.png' });
    await ctx.close();
  });
});
