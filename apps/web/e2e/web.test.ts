/**
 * End-to-end: the real server serving the built web app, driven through Debian's Chromium by playwright-core.
 * Everything is done through the UI: names, rooms, invite links, mulligans, a full match with a simple
 * clicking policy, a spectator, a reload mid-match, a bot match, the deck builder and the replay viewer.
 */
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cspViolations, e2eApp, e2eEnabled, initialJs, REPO, newPlayer, p95, perfSamples, seenIds, shot, unnamedControls, watchCardIds } from './harness';
import { playStep, playToEnd } from './policy';

describe.skipIf(!e2eEnabled)('web app end to end', () => {
  const { app, browser } = e2eApp();

  it('ships at most 150 KB of initial JavaScript (gzip), and no zod', () => {
    const js = initialJs();
    console.log(`e2e: initial JavaScript ${js.files.join(' + ')}: ${js.raw} bytes raw, ${js.gzip} bytes gzip (level 9)`);
    expect(js.files.length).toBeGreaterThan(0);
    expect(js.gzip).toBeLessThanOrEqual(150 * 1024);
    // The schemas load with what uses them (the room, the account dialog): zod's core alone is 16 KB gzip.
    // `npx tsx apps/web/scripts/measure-bundle.ts` says which module brought it back (docs/performance.md).
    expect(js.files.filter((f) => readFileSync(join(REPO, 'apps/web/dist', f), 'utf8').includes('$ZodType'))).toEqual([]);
  });

  it('two managers play a full match by invite link while a spectator watches; hands never leak', async () => {
    const a = await newPlayer(browser(), app().url, 'Aiko');
    await a.page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    // (docs/screenshots/lobby.png is e2e/lobby.test.ts's, at 1280×800 with matches to list.)
    expect(await unnamedControls(a.page)).toEqual([]);

    // A creates a private room and joins it with a starter roster.
    await a.page.getByLabel('Private (invite link only)').check();
    await a.page.getByRole('button', { name: 'Create room' }).click();
    const invite = await a.page.getByLabel('Invite link', { exact: true }).inputValue();
    expect(invite).toMatch(/#\/room\/[A-Za-z0-9_-]+$/);
    await a.page.getByRole('button', { name: 'Copy invite link' }).click();

    // B opens the invite link, names themself and takes the other seat.
    const b = await newPlayer(browser(), app().url, 'Bea', invite.replace(/^https?:\/\/[^/]+/, ''));
    await b.page.getByRole('button', { name: 'Take a seat' }).click();
    await a.page.waitForSelector('.board');
    await b.page.waitForSelector('.board');

    // A spectator opens the same link once the seats are full: they watch.
    const s = await newPlayer(browser(), app().url, 'Sam', invite.replace(/^https?:\/\/[^/]+/, ''));
    await s.page.waitForSelector('.board');
    // Both managers see the mulligan prompt.
    for (const p of [a.page, b.page]) await p.getByRole('button', { name: 'Keep hand' }).waitFor();
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
    let awaySeen = false;
    let browsed = false;
    let steps = 0;
    const turnOf = async (p: Page) =>
      Number(
        (
          await p
            .locator('.turn-no')
            .textContent()
            .catch(() => '')
        )?.replace(/\D/g, '') || 0,
      );
    const seqOf = async (p: Page) => Number(await p.getAttribute('.board', 'data-seq').catch(() => -1));
    // Both managers act in turns of the loop; whoever has nothing to do waits briefly.
    for (;;) {
      if (++steps > 6000) throw new Error('the match did not end');
      // The defender's view while blocks are being declared: a blocker clicked (assigned, or selected when
      // it could block several attackers); nothing is sent until the whole declaration is.
      const combatMoment = async (p: Page) => {
        if (combatShot || (await p.getAttribute('.board', 'data-phase').catch(() => null)) !== 'combat-block') return;
        if ((await p.locator('.side-top .slot.attacking').count()) === 0) return;
        const blocker = p.locator('.side-bottom .zone .slot.actionable > .slot-btn[role="button"]').first();
        if ((await blocker.count()) === 0) return;
        const seq = await seqOf(p);
        await blocker.click();
        await p.locator('.side-bottom .slot.blocking, .side-bottom .slot.selected').first().waitFor({ timeout: 5000 });
        expect(await seqOf(p)).toBe(seq); // building the blocks sent nothing
        await p.mouse.move(640, 2); // no card zoom over the board in the picture
        await shot(p, 'playmat-combat');
        expect(await unnamedControls(p)).toEqual([]);
        // Esc drops a selection.
        await p.keyboard.press('Escape');
        combatShot = true;
      };
      await combatMoment(a.page);
      const ra = await playStep(a.page);
      await combatMoment(b.page);
      const rb = await playStep(b.page);
      if (ra.result === 'over' && rb.result === 'over') break;
      if (steps % 25 === 0) await collect();
      // The Graduation Zone opens to browse (and Esc closes it).
      if (!browsed && ra.result !== 'over') {
        const grad = a.page.locator('.side-bottom button.pile-grad');
        const n = Number(
          (await grad
            .locator('.pile-count')
            .textContent()
            .catch(() => '0')) || 0,
        );
        if (n > 0 && (await a.page.locator('.card-menu, .end-overlay').count()) === 0) {
          await grad.click();
          const dialog = a.page.getByRole('dialog', { name: 'Your Graduation Zone' });
          await dialog.waitFor();
          expect(await dialog.locator('[data-card-id]').count()).toBeGreaterThanOrEqual(n);
          await a.page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'detached' });
          browsed = true;
        }
      }
      if (!spectatorShot && (await turnOf(s.page)) >= 4) {
        await s.page.waitForTimeout(250);
        // The spectator's public zones match what each manager sees of their own side (same seq).
        const seq = await seqOf(s.page);
        if (seq === (await seqOf(a.page)) && seq === (await seqOf(b.page))) {
          const stars = (p: Page, side: string) => p.locator(`.side-${side} .star-cards [data-card-id]`).count();
          expect(await stars(s.page, 'bottom')).toBe(await stars(a.page, 'bottom'));
          expect(await stars(s.page, 'top')).toBe(await stars(b.page, 'bottom'));
          await shot(s.page, 'spectator');
          expect(await unnamedControls(s.page)).toEqual([]);
          spectatorShot = true;
        }
      }
      // B leaves mid-match: A sees the seat-hold countdown; B comes back by the link and carries on.
      if (!awaySeen && (await turnOf(b.page)) >= 2) {
        const url = b.page.url();
        await b.page.goto('about:blank');
        await a.page.getByText(/Bea disconnected — seat held \d+:\d\d/).waitFor({ timeout: 10_000 });
        await b.page.goto(url);
        await b.page.waitForSelector('.board', { timeout: 20_000 });
        await a.page.locator('.conn-dot.ok').waitFor({ timeout: 10_000 });
        await watchCardIds(b.page);
        awaySeen = true;
      }
      // B reloads the page mid-match and carries on from the server's full view.
      if (!reloaded && (await turnOf(b.page)) >= 3) {
        await collect();
        const before = await seqOf(b.page);
        await b.page.reload();
        await b.page.waitForSelector('.board', { timeout: 20_000 });
        expect(await seqOf(b.page)).toBeGreaterThanOrEqual(before);
        // The game log carries on from before the reload.
        await expect
          .poll(async () => {
            const lines = await b.page.locator('.log li').allTextContents();
            return lines[0] === 'The match begins.' && lines.includes('Reconnected.') && lines.some((l) => l.startsWith('Turn 1 — '));
          })
          .toBe(true);
        await watchCardIds(b.page);
        reloaded = true;
      }
    }
    await collect();
    expect(reloaded).toBe(true);
    expect(awaySeen).toBe(true);
    if (!browsed) console.warn('e2e: A graduated nothing this match; the Graduation Zone was not browsed');
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
    await expect.poll(() => s.page.locator('.prompt-title').textContent()).toMatch(/^Action 1: (Aiko|Bea) (keeps|shuffles)/);
    // The arrow keys step too; the picture is from the middle of the match.
    const total = Number((await s.page.locator('.replay-controls .hint').textContent())!.split('/')[1]);
    for (let k = 1; k < Math.floor(total / 2); k++) await s.page.keyboard.press('ArrowRight');
    await expect.poll(() => s.page.locator('.prompt-title').textContent()).toMatch(new RegExp(`^Action ${Math.floor(total / 2)}: `));
    await s.page.mouse.move(640, 2);
    await shot(s.page, 'replay');

    expect(await unnamedControls(s.page)).toEqual([]);

    // Rematch: A offers, B sees the offer and accepts; both are moved to a new room (seats swapped) whose
    // match starts with the mulligan.
    const oldUrl = a.page.url();
    expect(await unnamedControls(a.page)).toEqual([]);
    await a.page.getByRole('button', { name: 'Offer a rematch' }).click();
    await a.page.getByRole('button', { name: /Rematch offered/ }).waitFor();
    await b.page.getByText('Aiko offers a rematch').waitFor();
    await b.page.getByRole('button', { name: 'Accept rematch' }).click();
    await a.page.waitForSelector('.board[data-phase="mulligan"]');
    await b.page.waitForSelector('.board[data-phase="mulligan"]');
    expect(a.page.url()).not.toBe(oldUrl);
    expect(a.page.url()).toBe(b.page.url());
    await a.page.getByRole('button', { name: 'Keep hand' }).waitFor();
    expect(await a.page.locator('.side-bottom').getAttribute('data-manager')).toBe('B');
    for (const x of [a, b, s]) await x.ctx.close();
  }, 600_000);

  it('a newcomer clicks Play vs bot and plays to the end', async () => {
    const n = await newPlayer(browser(), app().url, 'Newbie');
    await n.page.getByRole('button', { name: 'Play vs bot' }).click();
    await n.page.waitForSelector('.board');
    let keys = false;
    let menued = false;
    let small = false;
    await playToEnd(n.page, 4000, async () => {
      const phase = await n.page.getAttribute('.board', 'data-phase').catch(() => null);
      // Keyboard: Shift+Enter opens a card's menu (every action; Enter does what a click does); Esc closes it and
      // gives focus back to the card; Space passes even with focus on a card (it does not open the card). Concede
      // asks first; Esc keeps playing.
      const handCard = n.page.locator('.side-bottom .hand .slot.actionable > .slot-btn[role="button"]').first();
      if (!menued && phase === 'main' && (await handCard.count())) {
        await handCard.focus();
        await n.page.keyboard.press('Shift+Enter');
        await n.page.locator('.card-menu').waitFor();
        await n.page.keyboard.press('Escape');
        await n.page.locator('.card-menu').waitFor({ state: 'detached' });
        expect(await n.page.evaluate(() => document.activeElement?.classList.contains('slot-btn'))).toBe(true);
        menued = true;
      }
      if (
        !keys &&
        phase === 'main' &&
        (await n.page.locator('.side-bottom .hand .slot-btn').count()) &&
        (await n.page.getByRole('button', { name: 'Pass', exact: true }).count())
      ) {
        if ((await n.page.locator('.card-menu').count()) === 0) {
          await n.page.getByRole('button', { name: 'Concede' }).click();
          const ask = n.page.getByRole('alertdialog', { name: 'Concede this match?' });
          await ask.waitFor();
          await n.page.keyboard.press('Escape');
          await ask.waitFor({ state: 'detached' });
          const seq = await n.page.getAttribute('.board', 'data-seq');
          await n.page.locator('.side-bottom .hand .slot-btn').first().focus();
          await n.page.keyboard.press('Space');
          await n.page.waitForFunction((q) => document.querySelector('.board')?.getAttribute('data-seq') !== q, seq, { timeout: 5000 });
          expect(await n.page.locator('.card-menu').count()).toBe(0);
          keys = true;
        }
      }
      // 1024×768: the whole playmat fits without scrolling the page; the prompt and the hand are on screen.
      if (!small && keys && phase === 'main' && (await n.page.locator('.side-bottom .hand [data-card-id]').count()) > 0) {
        await n.page.setViewportSize({ width: 1024, height: 768 });
        await n.page.waitForTimeout(150);
        const fit = await n.page.evaluate(() => {
          const r = (sel: string) => document.querySelector(sel)!.getBoundingClientRect();
          const page = document.documentElement;
          return {
            scrollX: page.scrollWidth - page.clientWidth,
            scrollY: page.scrollHeight - page.clientHeight,
            prompt: r('.prompt').bottom,
            hand: r('.side-bottom .hand').bottom,
            main: r('.side-bottom .zone-main').right,
          };
        });
        expect(fit.scrollX).toBeLessThanOrEqual(0);
        expect(fit.scrollY).toBeLessThanOrEqual(0);
        expect(fit.hand).toBeLessThanOrEqual(768);
        expect(fit.main).toBeLessThanOrEqual(1024);
        await shot(n.page, 'playmat-1024');
        expect(await unnamedControls(n.page)).toEqual([]);
        await n.page.setViewportSize({ width: 1280, height: 720 });
        small = true;
      }
    });
    expect(keys).toBe(true);
    expect(menued).toBe(true);
    await expect.poll(() => n.page.locator('.end-card h2').textContent()).toMatch(/Victory!|Defeat|Draw/);
    // Every view was applied and timed (performance marks). The render budget (p95 < 16 ms) is judged by
    // `npm run measure:play` on a quiet machine, not here: beside the other test files a wall-clock time measures
    // the scheduler (CI: 17.4 ms at a load of 0.95 per core).
    const samples = await perfSamples(n.page);
    const load = loadavg()[0]! / cpus().length;
    console.log(`e2e: bot match: ${samples.length} view updates, p95 ${p95(samples).toFixed(2)} ms (load per core ${load.toFixed(2)})`);
    expect(samples.length).toBeGreaterThan(30);
    // The rematch against the bot starts at once, in a new room.
    const url = n.page.url();
    await n.page.getByRole('button', { name: 'Play the bot again' }).click();
    await n.page.waitForSelector('.board[data-phase="mulligan"]');
    expect(n.page.url()).not.toBe(url);
    await n.ctx.close();
  }, 300_000);

  it('deck builder: an illegal roster explains itself, is fixed, saved and played', async () => {
    const d = await newPlayer(browser(), app().url, 'Builder');
    await d.page.getByRole('link', { name: 'Deck builder' }).click();
    await d.page.getByLabel('Copy a starter').selectOption({ index: 1 });
    await d.page.getByLabel('Deck name').fill('My Raid');
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/legal/);
    // One card too many: the engine's own message appears.
    await d.page.getByLabel('Search cards').fill('Fresh Debut Rookie');
    await d.page
      .getByRole('button', { name: /^Add Fresh Debut Rookie/ })
      .first()
      .click();
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/exactly 30 cards.*31|has 4 copies/);
    await d.page.getByLabel('Search cards').fill('');
    // Keyword icons explain themselves on hover.
    await d.page.getByLabel('Filter by keyword').selectOption('raid');
    await d.page.locator('.gallery .kw-raid').first().hover();
    await expect.poll(() => d.page.getByRole('tooltip').textContent()).toMatch(/^Raid.*excess damage/);
    await d.page.getByLabel('Filter by keyword').selectOption('');
    await d.page.mouse.move(5, 700);
    // Hovering a roster line zooms the card beside the list, never over it.
    await d.page.locator('.roster-list .rl-name').first().hover();
    const zoom = await d.page.locator('.zoom').boundingBox();
    const list = await d.page.locator('.db-roster').boundingBox();
    expect(zoom!.x + zoom!.width).toBeLessThanOrEqual(list!.x);
    await d.page.mouse.move(5, 700);
    await shot(d.page, 'deck-builder');
    expect(await unnamedControls(d.page)).toEqual([]);
    // Fix it and save.
    await d.page.getByRole('button', { name: 'Remove one Fresh Debut Rookie' }).click();
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/This roster is legal/);
    await d.page.getByRole('button', { name: 'Save deck' }).click();
    await d.page.getByRole('button', { name: 'Export code' }).click();
    const code = await d.page.getByLabel('Deck code', { exact: true }).inputValue();
    expect(code).toMatch(/^v1-/);
    // The code imports back to the same legal roster.
    await d.page.getByRole('button', { name: 'New deck' }).click();
    await d.page.getByLabel('Deck code to import').fill(code);
    await d.page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => d.page.getByRole('status', { name: 'Roster legality' }).textContent()).toMatch(/This roster is legal/);
    // Play it against the bot.
    await d.page.getByRole('link', { name: '← Lobby' }).click();
    await d.page.getByLabel('Your roster').selectOption({ label: 'My deck: My Raid' });
    await d.page.getByRole('button', { name: 'Play vs bot' }).click();
    await d.page.waitForSelector('.board');
    for (let i = 0; i < 30; i++) await playStep(d.page);
    await d.ctx.close();
  }, 300_000);

  // Last: every page above ran under the server's Content-Security-Policy; Chromium logs each violation.
  it('no page broke the Content-Security-Policy', () => {
    expect(cspViolations).toEqual([]);
  });
});
