/**
 * The playmat's ways to play (issue 30 §3), in Chromium against the real server and bot: a card with one kind of
 * action plays on one click; a card dragged onto the Star Pool goes there, one dragged onto the stage debuts, a
 * character dragged onto the opponent's side is chosen to attack; the attack is drawn as an arrow; the Star Pool
 * reads "available / total" for both managers. Between those checks the e2e policy plays on.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eApp, e2eEnabled, newPlayer } from './harness';
import { playStep } from './policy';

async function drag(page: Page, from: string, to: string): Promise<void> {
  // A hand card rises while hovered (a transition): hover it first and measure it where it ends up, or the press
  // lands on whatever the card just left.
  await page.locator(from).first().hover();
  await page.waitForTimeout(400);
  const a = (await page.locator(from).first().boundingBox())!;
  const b = (await page.locator(to).first().boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 - 10, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  // Release only once dnd-kit has the target under the card (it measures on animation frames: on a busy machine
  // an immediate release dropped onto nothing). Moving once more makes it measure again if it missed.
  const over = `${to}.drop-over, ${to} .drop-over`;
  for (let i = 0; i < 20 && (await page.locator(over).count()) === 0; i++) {
    await page.mouse.move(b.x + b.width / 2 + (i % 2 ? 2 : -2), b.y + b.height / 2, { steps: 2 });
    await page.waitForTimeout(50);
  }
  await page.mouse.up();
}

const seq = (page: Page) => page.getAttribute('.board', 'data-seq');
/** Waits for the board to move past `s0`; on a timeout, says what the page showed. */
async function moved(page: Page, s0: string | null, what: string): Promise<void> {
  const ok = await page
    .waitForFunction((q) => document.querySelector('.board')?.getAttribute('data-seq') !== q, s0, { timeout: 20_000 })
    .then(
      () => true,
      () => false,
    );
  if (!ok) {
    const seen = await page.evaluate(() => ({
      title: document.querySelector('.prompt-title')?.textContent,
      busy: document.querySelector('.board')?.className,
      menu: !!document.querySelector('.card-menu'),
      phase: document.querySelector('.board')?.getAttribute('data-phase'),
    }));
    await page.screenshot({ path: `test-results/playmat-stuck-${what}.png` });
    throw new Error(`${what}: the board stayed at seq ${s0}: ${JSON.stringify(seen)}`);
  }
}
const count = (page: Page, sel: string) => page.locator(sel).count();
/** The Star Pool's counter of one side: [available, total]. */
async function stars(page: Page, side: 'top' | 'bottom'): Promise<[number, number]> {
  const text = (await page.locator(`.side-${side} .zone-stars .star-counter`).textContent())!;
  const m = /(\d+)\s*\/\s*(\d+)/.exec(text.replace('★', ''));
  return [Number(m![1]), Number(m![2])];
}

describe.skipIf(!e2eEnabled)('the playmat: one click, drag and drop, arrows', () => {
  const { app, browser } = e2eApp({ VROYALE_MATCH_SEED: 'playmat-e2e', VROYALE_BOT_DELAY_MS: '0' });

  it('plays by one click and by dragging, draws attacks as arrows, and counts both Star Pools', async () => {
    const { page, ctx } = await newPlayer(browser(), app().url, 'Dragger');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    const done = { star: false, stage: false, click: false, attack: false };
    for (let n = 0; n < 3000 && !(done.star && done.stage && done.click && done.attack); n++) {
      const phase = await page.getAttribute('.board', 'data-phase');
      const title = (await page.textContent('.prompt-title').catch(() => '')) ?? '';
      const mine = '.side-bottom .hand .slot.actionable > .slot-btn[role="button"]';
      // Both managers' Star Pools show "available / total" at every moment.
      expect(await count(page, '.board .side .zone-stars .star-counter')).toBe(2);
      if (phase === 'resource' && /^Your move/.test(title) && !done.star && (await count(page, mine))) {
        const before = await stars(page, 'bottom');
        const s0 = await seq(page);
        const id = await page.locator(`${mine} [data-card-id]`).first().getAttribute('data-card-id');
        await drag(page, mine, '.side-bottom .zone-stars');
        await moved(page, s0, 'star');
        expect(await count(page, `.side-bottom .hand [data-card-id="${id}"]`)).toBe(0);
        await expect.poll(async () => (await stars(page, 'bottom'))[1]).toBeGreaterThan(before[1]);
        done.star = true;
        continue;
      }
      const character = `${mine}:has(.t-character)`;
      if (phase === 'main' && /^Your move/.test(title) && (await count(page, character))) {
        const s0 = await seq(page);
        const main0 = await count(page, '.side-bottom .zone-main .slot');
        if (!done.stage) {
          await drag(page, character, '.side-bottom .zone-main');
          done.stage = true;
        } else if (!done.click) {
          // A character in the Main Step has one kind of action: one click debuts it, no menu.
          await page.locator(character).first().click();
          expect(await count(page, '.card-menu')).toBe(0);
          done.click = true;
        } else {
          await playStep(page);
          continue;
        }
        await moved(page, s0, done.click ? 'click' : 'stage');
        await expect.poll(() => count(page, '.side-bottom .zone-main .slot')).toBeGreaterThan(main0);
        continue;
      }
      if (phase === 'combat-attack' && /^Declare attackers/.test(title) && !done.attack) {
        const eligible = '.side-bottom .zone-main .slot.actionable > .slot-btn[role="button"]';
        if (await count(page, eligible)) {
          await drag(page, eligible, '.side-top .zone-main');
          await expect.poll(() => count(page, '.side-bottom .slot.attacking')).toBe(1);
          // The chosen attacker points at the opponent (a dashed arrow while it is a draft).
          expect(await count(page, '.combat-arrows .arrow.draft')).toBe(1);
          await page.getByRole('button', { name: /^Attack with 1$/ }).click();
          await expect.poll(() => page.getAttribute('.board', 'data-phase')).not.toBe('combat-attack');
          done.attack = true;
          continue;
        }
      }
      const r = await playStep(page);
      if (r.result === 'over') break;
    }
    expect(done).toEqual({ star: true, stage: true, click: true, attack: true });
    await ctx.close();
  }, 240_000);
});
