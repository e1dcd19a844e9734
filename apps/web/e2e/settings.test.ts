/**
 * End-to-end: the settings dialog (issue 16 §4). Its choices are kept across a reload; a played card
 * animates with animations on and nothing animates with them off. Also the dialog's screenshots (desktop
 * and phone) in docs/screenshots/.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eApp, e2eEnabled, newPlayer, RESULTS, SHOTS, unnamedControls } from './harness';
import { playStep } from './policy';

async function settingsShot(page: Page, name: string): Promise<void> {
  mkdirSync(RESULTS, { recursive: true });
  const file = join(RESULTS, `${name}.png`);
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, animations: 'disabled' });
  copyFileSync(file, join(SHOTS, `${name}.png`));
  copyFileSync(file, `/tmp/${name}.png`);
}

/**
 * Records every animation the page starts (Element.animate), so a short one is seen even when a loaded machine
 * skips the frames it ran in; the app's own are those whose id starts with `motion:`.
 */
async function watchAnimations(page: Page): Promise<void> {
  await page.evaluate(`(() => {
    const started = (window.__motionStarted = []);
    const animate = Element.prototype.animate;
    Element.prototype.animate = function (...args) {
      const a = animate.apply(this, args);
      started.push(a);
      return a;
    };
  })()`);
}
const animationsSeen = (page: Page) =>
  page.evaluate(() => [
    ...new Set(((window as unknown as { __motionStarted?: Animation[] }).__motionStarted ?? []).map((a) => a.id).filter((id) => id.startsWith('motion:'))),
  ]);

const openSettings = async (page: Page) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.waitFor();
  return dialog;
};

describe.skipIf(!e2eEnabled)('settings end to end', () => {
  const { app, browser } = e2eApp();

  it('remembers sound, animations and the clock warning across a reload (in this browser and on the server)', async () => {
    const p = await newPlayer(browser(), app().url, 'Sora');
    const page = p.page;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    let dialog = await openSettings(page);
    await settingsShot(page, 'settings');
    expect(await unnamedControls(page)).toEqual([]);

    await dialog.getByLabel('Mute').check();
    await dialog.getByLabel('Off', { exact: true }).check();
    await dialog.getByLabel('Warn me when my clock has this many seconds left').fill('45');
    expect(await page.evaluate(() => document.documentElement.classList.contains('no-motion'))).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('no-motion'))).toBe(true);
    dialog = await openSettings(page);
    expect(await dialog.getByLabel('Mute').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Off', { exact: true }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('Warn me when my clock has this many seconds left').inputValue()).toBe('45');
    expect(await dialog.getByLabel('Volume').isDisabled()).toBe(true);
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('vroyale.settings'))) ?? 'null');
    expect(saved).toEqual({ v: 1, animations: 'off', volume: 0.6, muted: true, clockWarnSeconds: 45 });

    // 'Follow my system' follows prefers-reduced-motion.
    await dialog.getByLabel(/Follow my system/).check();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.waitForFunction(() => document.documentElement.classList.contains('no-motion'), undefined, { timeout: 5000 });
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.waitForFunction(() => !document.documentElement.classList.contains('no-motion'), undefined, { timeout: 5000 });

    // Broken saved data in this browser: the copy the server keeps for this person (issue 17) comes back...
    await page.evaluate(() => localStorage.setItem('vroyale.settings', '{"v":1,"volume":"loud"'));
    await page.reload();
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    dialog = await openSettings(page);
    expect(await dialog.getByLabel('Mute').isChecked()).toBe(true);
    expect(await dialog.getByLabel('Warn me when my clock has this many seconds left').inputValue()).toBe('45');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // ... and where the server's copy is the defaults too (a new person), broken data gives the defaults.
    const q = await newPlayer(browser(), app().url, 'Rin');
    await q.page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    await q.page.evaluate(() => localStorage.setItem('vroyale.settings', '{"v":1,"volume":"loud"'));
    await q.page.reload();
    await q.page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    const fresh = await openSettings(q.page);
    expect(await fresh.getByLabel('Mute').isChecked()).toBe(false);
    expect(await fresh.getByLabel('Warn me when my clock has this many seconds left').inputValue()).toBe('30');
    await q.ctx.close();

    // The phone layout, through the #/settings route.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app().url}/#/settings`);
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await settingsShot(page, 'settings-phone');
    await page.getByRole('button', { name: 'Done' }).click();
    await page.waitForFunction(() => location.hash === '#/');
    await p.ctx.close();
  });

  it('a played card animates with animations on, and nothing animates with them off', async () => {
    const p = await newPlayer(browser(), app().url, 'Mo');
    const page = p.page;
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    // Animations on, from the room's top bar.
    let dialog = await openSettings(page);
    await dialog.getByLabel('On', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await watchAnimations(page);
    let acted = 0;
    for (let i = 0; i < 80 && !(await animationsSeen(page)).includes('motion:move'); i++) {
      const r = await playStep(page);
      if (r.result === 'over') break;
      if (r.result === 'acted') acted++;
    }
    const on = await animationsSeen(page);
    console.log(`e2e settings: animations on, after ${acted} actions: ${on.join(', ')}`);
    expect(on).toContain('motion:move');

    dialog = await openSettings(page);
    await dialog.getByLabel('Off', { exact: true }).check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.evaluate(() => void ((window as unknown as { __motionStarted: Animation[] }).__motionStarted.length = 0));
    const started = await page.evaluate(() => window.__vroyaleMotion ?? 0);
    const seq = Number(await page.getAttribute('.board', 'data-seq'));
    for (let i = 0; i < 30; i++) if ((await playStep(page)).result === 'over') break;
    expect(Number(await page.getAttribute('.board', 'data-seq'))).toBeGreaterThan(seq);
    expect(await animationsSeen(page)).toEqual([]);
    expect(await page.evaluate(() => window.__vroyaleMotion ?? 0)).toBe(started);
    // No CSS animation runs either.
    expect(await page.evaluate(() => document.getAnimations().length)).toBe(0);
    await p.ctx.close();
  });
});
