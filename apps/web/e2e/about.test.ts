/**
 * The About page (#/about, from the lobby's footer): the credits the art's licences ask for, the card art and
 * the icons drawn in the page from the app's own files (nothing fetched from another site, nothing the
 * Content-Security-Policy refuses), in both languages, and on a phone.
 */
import { describe, expect, it } from 'vitest';
import { ALL_ICONS } from '../src/ui/art/icon-map';
import { cspViolations, e2eApp, e2eEnabled, newPlayer, shot } from './harness';

describe.skipIf(!e2eEnabled)('about page', () => {
  const { app, browser } = e2eApp();

  it("credits DiceBear's Lorelei and game-icons.net, shows the art, fetches nothing from elsewhere", async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Reader');
    const origin = new URL(app().url).origin;
    const elsewhere: string[] = [];
    page.on('request', (r) => {
      const u = r.url();
      if (!u.startsWith(origin) && !u.startsWith('data:')) elsewhere.push(u);
    });
    const csp = cspViolations.length;
    await page.getByRole('link', { name: 'About & credits' }).click();
    await page.getByRole('heading', { name: 'About VRoyale Online', level: 1 }).waitFor();
    const text = await page.locator('.about').innerText();
    for (const s of ['“Lorelei” by Lisa Wischofsky', 'CC0 1.0', 'game-icons.net by Lorc, Delapouite and other contributors', 'CC BY 3.0', 'Florian Körner'])
      expect(text).toContain(s);
    // The sample cards' art arrives (the art's chunk, then one image per card) and is drawn.
    await expect
      .poll(() =>
        page
          .locator('.about-sample img')
          .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0).length),
      )
      .toBe(6);
    // Every icon the app uses, by its author, drawn.
    await expect.poll(() => page.locator('.about-icons svg path').count()).toBeGreaterThanOrEqual(ALL_ICONS.length);
    expect(await page.locator('.about-icons svg').count()).toBe(ALL_ICONS.length);
    expect(await page.locator('.kw-legend-item').count()).toBe(6);
    await shot(page, 'about');

    await page.evaluate(() => localStorage.setItem('vroyale.language', 'ja'));
    await page.reload();
    await page.getByRole('heading', { name: 'VRoyale Onlineについて', level: 1 }).waitFor();
    await page.locator('.kw-legend-name', { hasText: 'コールアウト' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.screenshot({ path: 'test-results/about-ja-phone.png', fullPage: true });

    expect(elsewhere).toEqual([]);
    expect(cspViolations.slice(csp)).toEqual([]);
    await ctx.close();
  });
});
