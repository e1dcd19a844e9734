/**
 * The lobby (issue 30: "a lobby that helps"), at 1280×800 and at 390×844 by touch, with other people playing on
 * the server (a public room waiting, a public match a few turns in, a ranked pair, one finished): "Learn to play"
 * and "Play vs bot" are above the fold; a bot match and the tutorial left for the lobby are listed under "Your
 * matches" with Resume and Concede; at the bot-match cap, Play vs bot offers to concede the oldest and starts the
 * new match in one go; Live now names every match in words. Writes docs/screenshots/lobby.png and lobby-phone.png
 * (and test-results/lobby-ja.png, the same lobby in Japanese).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { e2eApp, e2eEnabled, RESULTS, shot, unnamedControls } from './harness';
import { TestClient } from '../../server/test/helpers/test-client';
import { makeAccount } from '../../server/test/helpers/accounts';
import { Lockstep } from '../../server/test/helpers/lockstep';
import { seatBoth } from '../../server/test/helpers/match-setup';
import type { TestServer } from '../../server/test/helpers/test-server';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800, shot: 'lobby' },
  { name: 'phone', width: 390, height: 844, shot: 'lobby-phone' },
] as const;

async function enter(browser: Browser, url: string, size: (typeof SIZES)[number], name: string, locale = 'en-US'): Promise<Page> {
  const phone = size.width < 500;
  const ctx = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    locale,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${name}] page error: ${e.message}`));
  await page.goto(url + '/');
  await page.locator('#name').fill(name);
  await page.locator('.name-form button').click();
  await page.locator('.start-panel').waitFor();
  return page;
}

/** A button's box lies inside the first screen, with the page not scrolled. */
async function aboveTheFold(page: Page, name: string, height: number): Promise<void> {
  expect(await page.evaluate(() => scrollY)).toBe(0);
  const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
  expect(box, name).not.toBeNull();
  expect(box.y + box.height, `${name} ends at ${box.y + box.height}, the screen at ${height}`).toBeLessThanOrEqual(height);
}

const backToLobby = async (page: Page) => {
  await page.getByRole('button', { name: 'Back to the lobby' }).click();
  await page.locator('.start-panel').waitFor();
};
const roomOf = (page: Page) => /#\/room\/([A-Za-z0-9_-]+)/.exec(page.url())?.[1] ?? '';
const listed = (page: Page) => page.locator('.your-matches .match-item').evaluateAll((els) => els.map((e) => e.getAttribute('data-room')));

describe.skipIf(!e2eEnabled)('the lobby', () => {
  const { app, browser } = e2eApp();
  const others: TestClient[] = [];

  beforeAll(async () => {
    const url = app().url;
    const c = async (n: string) => {
      const x = await TestClient.connect(url, n);
      others.push(x);
      return x;
    };
    const host = await c('Kenji');
    const waiting = await host.emit('room:create', { visibility: 'public' });
    if (waiting.ok) await host.emit('room:join', { roomId: waiting.roomId, roster: 'raid-night' });
    const [rin, sora] = [await c('Rin'), await c('Sora')];
    const live = await seatBoth(rin, sora);
    for (const x of [rin, sora]) await x.fullControl();
    const ls = new Lockstep(live.roomId, rin, sora, 'lobby-e2e');
    while (ls.turn < 3) await ls.step();
    const [mei, taro] = [await c('Mei'), await c('Taro')];
    const done = await seatBoth(mei, taro);
    await taro.emit('match:action', { roomId: done.roomId, clientActionId: 'gg', seenSeq: 0, action: { type: 'concede' } });
    // A best-of-three in its second game: Ren took the first.
    const [yui, ren] = [await c('Yui'), await c('Ren')];
    const bo3 = await seatBoth(yui, ren, { format: 'bo3' });
    await yui.emit('match:action', { roomId: bo3.roomId, clientActionId: 'bo3-gg', seenSeq: 0, action: { type: 'concede' } });
    await yui.waitFor(() => yui.roomStates.get(bo3.roomId)?.series?.status === 'between', 10_000, 'side-deck window');
    for (const x of [yui, ren]) await x.emit('series:sideboard', { roomId: bo3.roomId, swap: { out: [], in: [] } });
    await yui.waitFor(() => yui.roomStates.get(bo3.roomId)?.series?.nextRoomId != null, 10_000, 'game 2');
    const server = { url } as TestServer;
    const [hana, kenta] = [await makeAccount(server, null, 'Hana'), await makeAccount(server, null, 'Kenta')];
    others.push(hana, kenta);
    await hana.emit('queue:join', { queue: 'ranked', roster: 'raid-night' });
    await kenta.emit('queue:join', { queue: 'ranked', roster: 'mod-squad' });
  }, 60_000);
  afterAll(() => {
    for (const x of others) x.close();
  });

  for (const size of SIZES) {
    it(`${size.name} ${size.width}×${size.height}: start above the fold, your matches with Resume and Concede, the offer at the cap`, async () => {
      const page = await enter(browser(), app().url, size, size.name === 'desktop' ? 'Aiko' : 'Bea');
      await aboveTheFold(page, 'Learn to play', size.height);
      await aboveTheFold(page, 'Play vs bot', size.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      // Live now names people's matches in words: never an id, never a seat letter.
      const live = page.locator('.live-now');
      await live.getByText('Rin vs Sora').waitFor();
      await live.getByText('Kenji is waiting for an opponent').waitFor();
      await live.locator('.live-item[data-kind="ranked"]').getByText('a turn behind').waitFor();
      await live.getByText('Mei beat Taro').waitFor();
      // A best-of-three by its games: its second game listed with the score, its first game no result of its own.
      await live.locator('.live-item', { hasText: 'Yui vs Ren' }).getByText('Best of three · game 2, 0–1', { exact: false }).waitFor();
      expect(await live.locator('.recent').innerText()).not.toMatch(/Yui|Ren/);
      expect(await page.locator('.lobby').innerText()).not.toMatch(/\bseat [AB]\b|\bRoom [A-Za-z0-9_-]{6}\b/i);

      // A bot match, left for the lobby: listed with Resume and Concede.
      await page.getByRole('button', { name: 'Play vs bot', exact: true }).click();
      await page.waitForSelector('.board');
      const first = roomOf(page);
      await backToLobby(page);
      await page.getByRole('link', { name: 'Resume your match against Bot (normal)' }).waitFor();
      await page.getByRole('button', { name: 'Concede your match against Bot (normal)' }).waitFor();
      // The tutorial too (the second match against the bot: the cap for one person).
      await page.getByRole('button', { name: 'Learn to play', exact: true }).click();
      await page.waitForSelector('.board');
      const tutorial = roomOf(page);
      await backToLobby(page);
      await expect.poll(() => listed(page)).toEqual([tutorial, first]);
      await page.locator('.your-matches').getByText('Tutorial', { exact: true }).waitFor();
      expect(await unnamedControls(page)).toEqual([]);
      await shot(page, size.shot);
      if (size.name === 'desktop') await page.screenshot({ path: `${RESULTS}/lobby-desktop-full.png`, fullPage: true });

      // Resume opens that very match.
      await page
        .locator(`.match-item[data-room="${first}"]`)
        .getByRole('link', { name: /^Resume/ })
        .click();
      await page.waitForSelector('.board');
      expect(roomOf(page)).toBe(first);
      await backToLobby(page);

      // At the cap: instead of a refusal, the offer to concede the oldest (the first bot match), and the new match.
      await page.getByRole('button', { name: 'Play vs bot', exact: true }).click();
      const offer = page.getByRole('alertdialog', { name: 'You are already playing 2 matches against the bot' });
      await offer.waitFor();
      await offer.getByText('against Bot (normal)').waitFor();
      if (size.name === 'phone') await page.screenshot({ path: `${RESULTS}/lobby-cap-offer-phone.png` });
      await offer.getByRole('button', { name: 'Concede it and start' }).click();
      await page.waitForSelector('.board');
      const next = roomOf(page);
      expect([first, tutorial]).not.toContain(next);
      await backToLobby(page);
      await expect.poll(() => listed(page)).toEqual([next, tutorial]);

      // Concede from the lobby, behind the same question the playmat asks.
      await page
        .locator(`.match-item[data-room="${tutorial}"]`)
        .getByRole('button', { name: /^Concede/ })
        .click();
      const ask = page.getByRole('alertdialog', { name: 'Concede this match?' });
      // The safe answer has focus (ui/confirm-dialog.tsx): Enter on a surprise keeps the match.
      await expect.poll(() => ask.getByRole('button', { name: 'Keep playing' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await page.screenshot({ path: `${RESULTS}/lobby-concede-${size.name}.png` });
      await ask.getByRole('button', { name: 'Concede the match' }).click();
      await expect.poll(() => listed(page)).toEqual([next]);
      await page.getByRole('button', { name: 'Learn to play', exact: true }).waitFor();
      await page.context().close();
    }, 180_000);
  }

  it('the same lobby in Japanese reads as Japanese', async () => {
    const page = await enter(browser(), app().url, SIZES[0], 'Chie', 'ja-JP');
    await page.getByRole('button', { name: 'ボットと対戦', exact: true }).waitFor();
    await page.locator('.live-now').getByText('Rin 対 Sora').waitFor();
    await page.locator('.live-now').getByText('1ターン遅れ').waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${RESULTS}/lobby-ja.png` });
    await page.context().close();
  }, 60_000);
});
