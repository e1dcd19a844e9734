/**
 * End-to-end: the real server serving the built web app, driven through Debian's Chromium by playwright-core.
 * Everything is done through the UI: names, rooms, invite links, mulligans, a full match with a simple
 * clicking policy, a spectator, a reload mid-match, a bot match, the deck builder and the replay viewer.
 */
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildWeb, chromiumAvailable, launch, newPlayer, p95, perfSamples, seenIds, shot, startApp, watchCardIds, type RunningApp } from './harness';
import { playStep, playToEnd } from './policy';

const enabled = chromiumAvailable();
if (!enabled) console.warn('e2e: /usr/bin/chromium not found (apt-get install -y chromium); the browser tests are skipped');

describe.skipIf(!enabled)('web app end to end', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    buildWeb();
    app = await startApp();
    browser = await launch();
  }, 180_000);

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await app?.stop();
  });

  it('two managers play a full match by invite link while a spectator watches; hands never leak', async () => {
    const a = await newPlayer(browser, app.url, 'Aiko');
    await a.page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    await shot(a.page, 'lobby');

    // A creates a private room and joins it with a starter roster.
    await a.page.getByLabel('Private (invite link only)').check();
    await a.page.getByRole('button', { name: 'Create room' }).click();
    const invite = await a.page.getByLabel('Invite link', { exact: true }).inputValue();
    expect(invite).toMatch(/#\/room\/[A-Za-z0-9_-]+$/);
    await a.page.getByRole('button', { name: 'Copy invite link' }).click();

    // B opens the invite link, names themself and takes the other seat.
    const b = await newPlayer(browser, app.url, 'Bea', invite.replace(/^https?:\/\/[^/]+/, ''));
    await b.page.getByRole('button', { name: 'Take a seat' }).click();
    await a.page.waitForSelector('.board');
    await b.page.waitForSelector('.board');

    // A spectator opens the same link once the seats are full: they watch.
    const s = await newPlayer(browser, app.url, 'Sam', invite.replace(/^https?:\/\/[^/]+/, ''));
    await s.page.waitForSelector('.board');
    for (const p of [a.page, b.page, s.page]) await watchCardIds(p);

    const handsA = new Set<string>();
    const handsB = new Set<string>();
    const seenByB = new Set<string>();
    const collect = async () => {
      for (const id of (await seenIds(a.page)).hand) handsA.add(id);
      const bb = await seenIds(b.page);
      for (const id of bb.hand) handsB.add(id);
      for (const id of bb.seen) seenByB.add(id);
    };

    let combatShot = false;
    let spectatorShot = false;
    let reloaded = false;
    let steps = 0;
    const turnOf = async (p: Page) => Number((await p.locator('.turn-no').textContent().catch(() => ''))?.replace(/\D/g, '') || 0);
    // Both managers act in turns of the loop; whoever has nothing to do waits briefly.
    for (;;) {
      if (++steps > 6000) throw new Error('the match did not end');
      // The defender's view while blocks are being declared, with a blocker's menu open.
      const combatMoment = async (p: Page) => {
        if (combatShot || (await p.getAttribute('.board', 'data-phase').catch(() => null)) !== 'combat-block') return;
        if ((await p.locator('.side-top .slot.attacking').count()) === 0) return;
        const blocker = p.locator('.side-bottom .zone .slot.actionable > .slot-btn[role="button"]').first();
        if ((await blocker.count()) === 0) return;
        await blocker.click();
        await p.waitForSelector('.card-menu');
        await shot(p, 'playmat-combat');
        await p.keyboard.press('Escape');
        combatShot = true;
      };
      await combatMoment(a.page);
      const ra = await playStep(a.page);
      await combatMoment(b.page);
      const rb = await playStep(b.page);
      if (ra.result === 'over' && rb.result === 'over') break;
      if (process.env.E2E_DEBUG) {
        const info = (p: Page) => p.evaluate(() => [document.querySelector('.board')?.getAttribute('data-phase'), document.querySelector('.board')?.getAttribute('data-legal'), document.querySelectorAll('.side-bottom .slot.actionable').length, document.querySelectorAll('.side-bottom .slot-btn[role="button"]').length]);
        console.log('A', ra.what, JSON.stringify(await info(a.page)), 'B', rb.what, JSON.stringify(await info(b.page)));
        if (steps === 12) {
          await a.page.screenshot({ path: '/tmp/vr/dbg-a.png' });
          console.log('HTML', (await a.page.locator('.side-bottom').innerHTML()).slice(0, 3000));
        }
      }
      if (steps % 25 === 0) await collect();
      if (!spectatorShot && (await turnOf(s.page)) >= 4) {
        await s.page.waitForTimeout(250);
        await shot(s.page, 'spectator');
        spectatorShot = true;
      }
      // B reloads the page mid-match and carries on from the server's full view.
      if (!reloaded && (await turnOf(b.page)) >= 3) {
        await collect();
        const before = Number(await b.page.getAttribute('.board', 'data-seq'));
        await b.page.reload();
        await b.page.waitForSelector('.board', { timeout: 20_000 });
        expect(Number(await b.page.getAttribute('.board', 'data-seq'))).toBeGreaterThanOrEqual(before);
        await watchCardIds(b.page);
        reloaded = true;
      }
    }
    await collect();
    expect(reloaded).toBe(true);
    if (!combatShot) console.warn('e2e: no block step with a blocker happened this match; no combat screenshot');

    // The result, on both sides and for the spectator.
    await expect.poll(() => a.page.locator('.end-card h2').textContent()).toMatch(/Victory!|Defeat|Draw/);
    const ta = await a.page.locator('.end-card h2').textContent();
    const tb = await b.page.locator('.end-card h2').textContent();
    if (ta === 'Victory!') expect(tb).toBe('Defeat');
    if (ta === 'Defeat') expect(tb).toBe('Victory!');
    await s.page.waitForSelector('.end-card');

    // No card of either hand ever reached the spectator's DOM, and none of A's reached B's.
    const spectatorSeen = new Set((await seenIds(s.page)).seen);
    expect(handsA.size).toBeGreaterThan(5);
    expect(handsB.size).toBeGreaterThan(5);
    expect([...handsA].filter((id) => spectatorSeen.has(id))).toEqual([]);
    expect([...handsB].filter((id) => spectatorSeen.has(id))).toEqual([]);
    expect([...handsA].filter((id) => seenByB.has(id))).toEqual([]);
    // The spectator saw both boards (public cards were rendered at all).
    expect(spectatorSeen.size).toBeGreaterThan(10);

    // Render time with three browsers, the server and the test on one machine: reported, not judged (the
    // single-player test below holds the budget).
    const samples = [...(await perfSamples(a.page)), ...(await perfSamples(b.page))];
    expect(samples.length).toBeGreaterThan(50);
    console.log(`e2e: two-manager match: ${samples.length} view updates, p95 ${p95(samples).toFixed(2)} ms (three browsers at once)`);

    // The replay link re-runs the match in the browser (here from the spectator's result screen).
    await s.page.getByRole('link', { name: 'Watch the replay' }).click();
    await s.page.getByRole('button', { name: 'Last action' }).click();
    await expect.poll(() => s.page.locator('.log li').last().textContent()).toMatch(/wins the match|draw/);
    await s.page.getByRole('button', { name: 'First action' }).click();
    await s.page.getByRole('button', { name: 'Next action' }).click();
    await expect.poll(() => s.page.locator('.prompt-title').textContent()).toMatch(/^Action 1:/);
    await shot(s.page, 'replay');

    // Rematch: A offers (a new private room, announced in the chat), B accepts, a new match starts.
    await a.page.getByRole('button', { name: 'Offer a rematch' }).click();
    await b.page.getByRole('button', { name: 'Accept rematch' }).click();
    await a.page.waitForSelector('.board[data-phase="mulligan"]');
    await b.page.waitForSelector('.board[data-phase="mulligan"]');
    for (const x of [a, b, s]) await x.ctx.close();
  }, 600_000);

  it('a newcomer clicks Play vs bot and plays to the end', async () => {
    const n = await newPlayer(browser, app.url, 'Newbie');
    await n.page.getByRole('button', { name: 'Play vs bot' }).click();
    await n.page.waitForSelector('.board');
    await playToEnd(n.page);
    await expect.poll(() => n.page.locator('.end-card h2').textContent()).toMatch(/Victory!|Defeat|Draw/);
    // Render-time budget: from applying a server view to the committed DOM (performance marks), p95 < 16 ms.
    const samples = await perfSamples(n.page);
    const load = loadavg()[0]! / cpus().length;
    console.log(`e2e: bot match: ${samples.length} view updates, p95 ${p95(samples).toFixed(2)} ms (load per core ${load.toFixed(2)})`);
    expect(samples.length).toBeGreaterThan(30);
    // On a machine already running more than its cores can (other test files, other jobs) wall-clock time
    // measures the scheduler, not the app: then the figure is reported only.
    if (load < 1) expect(p95(samples)).toBeLessThan(16);
    else if (p95(samples) >= 16) console.warn('e2e: p95 over 16 ms on an overloaded machine; not judged');
    await expect(n.page.getByRole('button', { name: 'Play the bot again' }).isVisible()).resolves.toBe(true);
    await n.ctx.close();
  }, 300_000);

  it('deck builder: an illegal roster explains itself, is fixed, saved and played', async () => {
    const d = await newPlayer(browser, app.url, 'Builder');
    await d.page.getByRole('link', { name: 'Deck builder' }).click();
    await d.page.getByLabel('Copy a starter').selectOption({ index: 1 });
    await d.page.getByLabel('Deck name').fill('My Raid');
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/legal/);
    // One card too many: the engine's own message appears.
    await d.page.getByLabel('Search cards').fill('Fresh Debut Rookie');
    await d.page.getByRole('button', { name: /^Add Fresh Debut Rookie/ }).first().click();
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/exactly 30 cards.*31|has 4 copies/);
    await d.page.getByLabel('Search cards').fill('');
    await d.page.mouse.move(5, 700);
    await shot(d.page, 'deck-builder');
    // Fix it and save.
    await d.page.getByRole('button', { name: 'Remove one Fresh Debut Rookie' }).click();
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/This roster is legal/);
    await d.page.getByRole('button', { name: 'Save deck' }).click();
    await d.page.getByRole('button', { name: 'Export code' }).click();
    expect(await d.page.getByLabel('Deck code', { exact: true }).inputValue()).toMatch(/^v1-/);
    // Play it against the bot.
    await d.page.getByRole('link', { name: '← Lobby' }).click();
    await d.page.getByLabel('Your roster').selectOption({ label: 'My deck: My Raid' });
    await d.page.getByRole('button', { name: 'Play vs bot' }).click();
    await d.page.waitForSelector('.board');
    for (let i = 0; i < 30; i++) await playStep(d.page);
    await d.ctx.close();
  }, 300_000);
});
