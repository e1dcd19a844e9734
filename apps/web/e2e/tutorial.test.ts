/**
 * "Learn to play" (issue 16 §1): from the lobby, a newcomer follows the coach through a whole tutorial match on
 * the real playmat against the real server; the lessons come in teaching order, "Got it" moves the coach on, and
 * finishing is remembered after a reload; all 21 lessons show. Leaving and resuming from the lobby keeps the same match and lesson,
 * with no card menu left open from before.
 */
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFailed } from 'vitest';
import type { Page } from 'playwright-core';
import { e2eApp, e2eEnabled, newPlayer, RESULTS, shot } from './harness';
import { playStep } from './policy';
import { LESSONS } from '../src/tutorial/lessons';
import { untranslated } from '../src/i18n/check-texts';

/**
 * The lesson on show ('' between lessons), whether it waits for "Got it", whether the coach has caught up with the
 * board (it looks at each new position a moment after the board shows it), and the controls the lesson names
 * (its data-quotes) that are not on screen: a prompt button with exactly that label (its key hint aside), or a
 * text of the board. Menu entries and lobby buttons are not on screen yet. Read in one page turn.
 */
async function lesson(page: Page): Promise<{ id: string; read: boolean; synced: boolean; missing: string[] }> {
  return page.evaluate(() => {
    const panel = document.querySelector('.coach-panel');
    const board = document.querySelector('.board');
    const quotes = JSON.parse(panel?.querySelector('.coach-lesson')?.getAttribute('data-quotes') ?? '[]') as { where: string; label: string }[];
    const visible = (e: Element) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && r.height > 0;
    };
    const textOf = (e: Element) => {
      const c = e.cloneNode(true) as Element;
      c.querySelectorAll('.key-hint').forEach((k) => k.remove());
      return (c.textContent ?? '').trim();
    };
    const found = (q: { where: string; label: string }) =>
      q.where === 'prompt'
        ? [...(board?.querySelectorAll('.prompt button') ?? [])].some((b) => visible(b) && textOf(b) === q.label)
        : q.where === 'board'
          ? [...(board?.querySelectorAll('*') ?? [])].some((e) => e.children.length === 0 && visible(e) && (e.textContent ?? '').trim() === q.label)
          : true;
    return {
      id: panel?.getAttribute('data-lesson') ?? '',
      read: !!panel?.querySelector('.coach-ok'),
      synced: !panel || !board || panel.getAttribute('data-seq') === board.getAttribute('data-seq'),
      // A player already in the middle of a move (choosing a target, a card's menu open) has left the prompt the
      // lesson spoke of: what it names is checked on boards where nothing is under way.
      missing:
        board?.classList.contains('is-aiming') || document.querySelector('.card-menu')
          ? []
          : quotes.filter((q) => !found(q)).map((q) => `${q.where}: ${q.label}`),
    };
  });
}

/**
 * Does what the coach asks until the lesson `stop` (or the end): "Got it" on explanations, the Centre's debut from
 * the Backstage, the policy's legal moves otherwise (keeping highlights for combat, as the coach advises). By taps
 * when `touch`. `onLesson` runs once per lesson as it first shows. Returns the lessons in the order they showed.
 */
async function followCoach(
  page: Page,
  opts: { touch?: boolean; stop?: string; onLesson?: (id: string) => Promise<void>; trace?: Trace } = {},
): Promise<string[]> {
  const press = (sel: string) => (opts.touch ? page.locator(sel).first().tap({ timeout: 5000 }) : page.locator(sel).first().click({ timeout: 5000 }));
  const seen: string[] = [];
  let waits = 0;
  const trace = opts.trace ?? { lines: [], push: () => undefined };
  const at = async () =>
    `${(await page.getAttribute('.board', 'data-turn').catch(() => null)) ?? '-'}/${(await page.getAttribute('.board', 'data-seq').catch(() => null)) ?? '-'}`;
  for (let n = 0; n < 4000; n++) {
    const l = await lesson(page);
    // Nothing is done on a board the coach has not looked at yet: the lesson read is the board's own.
    if (!l.synced) {
      await page.waitForTimeout(20);
      continue;
    }
    if (l.id && seen[seen.length - 1] !== l.id) {
      seen.push(l.id);
      // Every control the lesson names is there, with exactly that label.
      expect(l.missing, `what lesson ${l.id} names`).toEqual([]);
      await opts.onLesson?.(l.id);
    }
    if (l.id === 'finished' || (opts.stop && l.id === opts.stop)) break;
    if (l.read) {
      // This lesson's button only: if the coach moved on meanwhile, the next lesson is read (and recorded) first.
      const failed = await press(`.coach-panel[data-lesson="${l.id}"] .coach-ok`).then(
        () => '',
        (e: Error) => ` (not pressed, looked again: ${e.message.split('\n')[0]})`,
      );
      trace.push(`${await at()} got it: ${l.id}${failed}`);
      continue;
    }
    // The Centre is debuted from the Backstage, which the policy never clicks: done as the coach says (one press
    // debuts it; should its menu open instead, Debut there).
    if (l.id === 'centre-debut' && (await page.locator('.side-bottom .zone-back .slot.actionable .slot-btn').count())) {
      const seq = await page.getAttribute('.board', 'data-seq');
      await press('.side-bottom .zone-back .slot-btn');
      const moved = () =>
        page
          .waitForFunction((q) => document.querySelector('.board')?.getAttribute('data-seq') !== q, seq, { timeout: 3000 })
          .then(
            () => true,
            () => false,
          );
      const debut = page.locator('.card-menu button', { hasText: /^Debut/ });
      if (!(await moved()) && (await debut.count())) await (opts.touch ? debut.first().tap() : debut.first().click());
      trace.push(`${await at()} debut the Centre`);
      continue;
    }
    // As the coach advises, highlights are kept for combat: in the Main Step the policy skips them in the hand.
    const r = await playStep(page, { touch: opts.touch, keepHighlights: true });
    if (r.result === 'acted')
      trace.push(
        `${r.at?.turn ?? '-'}/${r.at?.seq ?? '-'} ${r.what}${r.clicked ? '' : ' (the click did not land)'}${r.what === 'hand-card' && r.answered === false ? ' (no menu opened)' : ''}`,
      );
    waits = r.result === 'waiting' ? waits + 1 : 0;
    if (waits > 0 && waits % 100 === 0) {
      const prompt = await page
        .locator('.prompt-title')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      trace.push(`${await at()} still waiting (${waits} looks): lesson ${l.id || '-'}, prompt "${prompt ?? ''}"`);
    }
    if (r.result === 'over') await page.waitForSelector('.coach-panel[data-lesson="finished"]', { timeout: 5000 });
  }
  return seen;
}

/**
 * The lesson on show, in Japanese: the page reloaded in Japanese (the match and the lesson carry on), the
 * coach's words all Japanese (card names too), the controls it names there with their Japanese labels; a
 * screenshot; then back to English for the policy, which reads English labels.
 */
async function lookInJapanese(page: Page, name: string): Promise<void> {
  const id = (await lesson(page)).id;
  await page.evaluate(() => localStorage.setItem('vroyale.language', 'ja'));
  await page.reload();
  await page.waitForSelector(`.coach-panel[data-lesson="${id}"]`);
  await page.locator('.board .prompt').waitFor();
  await page.waitForFunction(
    () => document.querySelector('.coach-panel')?.getAttribute('data-seq') === document.querySelector('.board')?.getAttribute('data-seq'),
  );
  await page.waitForTimeout(600);
  const words = await page.locator('.coach-panel').innerText();
  expect(untranslated(words), words).toEqual([]);
  expect((await lesson(page)).missing, `what lesson ${id} names, in Japanese`).toEqual([]);
  await page.screenshot({ path: join(RESULTS, `tutorial-ja-${name}.png`) });
  await page.evaluate(() => localStorage.setItem('vroyale.language', 'en'));
  await page.reload();
  await page.waitForSelector(`.coach-panel[data-lesson="${id}"]`);
  await page.evaluate(() => delete (window as unknown as { __tried?: unknown }).__tried);
}

interface Trace {
  lines: string[];
  push(line: string): void;
}

/**
 * What was done at which board (turn/seq), written to test-results/tutorial-trace-<name>.txt as it happens; if
 * the test fails (a timeout too) it is printed with a screenshot, so a failure says where the match went.
 */
function traceOf(name: string, page: () => Page | undefined): Trace {
  const file = join(RESULTS, `tutorial-trace-${name}.txt`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(file, '');
  const lines: string[] = [];
  onTestFailed(async () => {
    console.log(`e2e: tutorial trace (${name}; turn/seq what):\n${lines.join('\n')}`);
    await page()
      ?.screenshot({ path: join(RESULTS, `tutorial-failed-${name}.png`) })
      .catch(() => undefined);
  });
  return {
    lines,
    push: (line) => {
      lines.push(line);
      appendFileSync(file, `${line}\n`);
    },
  };
}

const missedClicks = (t: Trace) => t.lines.filter((x) => x.includes('did not land')).length;

/** The teaching order every run must keep, and what any full run must have shown. */
function expectTeachingOrder(seen: string[]): void {
  expect(seen).toContain('finished');
  const at = (id: string) => seen.indexOf(id);
  for (const id of ['mulligan', 'turn-order', 'star-card', 'debut', 'burnout', 'attack', 'centre-debut'])
    expect(at(id), `${id} in ${seen.join(' ')}`).toBeGreaterThanOrEqual(0);
  expect(at('mulligan')).toBeLessThan(at('turn-order'));
  expect(at('turn-order')).toBeLessThan(at('star-card'));
  expect(at('star-card')).toBeLessThan(at('debut'));
  expect(at('debut')).toBeLessThan(at('attack'));
  // The tutorial's seed and rosters show every lesson (each keyword, a highlight in combat and the stack...):
  // the same match as lessons.test.ts's simulated newcomer, the gentle bot being seeded by the position.
  for (const l of LESSONS) expect(at(l.id), `${l.id} in ${seen.join(' ')}`).toBeGreaterThanOrEqual(0);
  expect(at('highlight')).toBeLessThan(at('stack'));
}

describe.skipIf(!e2eEnabled)('tutorial', () => {
  const { app, browser } = e2eApp();

  it('a newcomer learns to play from the lobby, guided to the end; completion is remembered', async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Learner');
    await page.setViewportSize({ width: 1280, height: 800 });
    const trace = traceOf('desktop', () => page);
    await page.getByRole('button', { name: 'Learn to play' }).click();
    await page.waitForSelector('.board');
    await page.waitForSelector('.coach-panel');
    let shotTaken = false;
    // Leave mid-match and come back from the lobby: the same match, the same lesson.
    const first = await followCoach(page, { stop: 'debut', trace });
    const url = page.url();
    // Leave with a card's menu open (the policy may have opened one already). A mouse click plays a one-use card at
    // once; a tap on a hand card opens its menu: the click a tap makes (pointerType touch) is sent to one.
    if (!(await page.locator('.card-menu').count()))
      await page
        .locator('.side-bottom .hand .slot.actionable > .slot-btn')
        .first()
        .evaluate((el) => el.dispatchEvent(new PointerEvent('click', { bubbles: true, cancelable: true, pointerType: 'touch' })));
    await page.locator('.card-menu').waitFor();
    await page.getByRole('button', { name: /^Leave for now/ }).click();
    await page.getByRole('button', { name: 'Resume the tutorial' }).click();
    await page.waitForSelector('.coach-panel[data-lesson="debut"]');
    expect(page.url()).toBe(url);
    // Nothing half done comes back: the menu open when the newcomer left is closed (it once came back off screen,
    // where no click could reach it). The policy then starts this decision afresh.
    await page.waitForSelector('.board');
    expect(await page.locator('.card-menu').count()).toBe(0);
    await page.evaluate(() => delete (window as unknown as { __tried?: unknown }).__tried);
    trace.push('left and resumed');
    const rest = await followCoach(page, {
      trace,
      onLesson: async (id) => {
        if (id === 'attack' && !shotTaken) {
          await shot(page, 'tutorial');
          shotTaken = true;
          await lookInJapanese(page, 'desktop');
          trace.push('looked in Japanese');
        }
      },
    });
    const seen = [...first, ...rest.filter((id, i) => !(i === 0 && id === first[first.length - 1]))];
    expectTeachingOrder(seen);
    // Doing what the coach says wins against the gentle bot.
    await expect.poll(() => page.locator('.end-card h2').textContent()).toMatch(/Victory!/);
    console.log(`e2e: tutorial lessons: ${seen.join(' ')}; ${trace.lines.length} steps, ${missedClicks(trace)} clicks that did not land`);
    expect(shotTaken).toBe(true);
    await page.screenshot({ path: 'test-results/tutorial-end.png' });
    await page.locator('.coach-ok').click();

    // Completion is remembered: after a reload the lobby says so.
    await page.goto(`${app().url}/#/`);
    await page.reload();
    await page.getByText('Tutorial completed ✓').waitFor();
    await page.getByRole('button', { name: 'Learn to play' }).waitFor();
    await ctx.close();
  }, 400_000);

  it('on a phone (390×844, touch): the coach fits the screen and is followed by taps to the end', async () => {
    const ctx = await browser().newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const page = await ctx.newPage();
    const trace = traceOf('phone', () => page);
    await page.goto(app().url);
    await page.getByLabel('Your manager name').fill('Thumbs');
    await page.getByRole('button', { name: 'Enter the lobby' }).tap();
    await page.getByRole('button', { name: 'Learn to play' }).tap();
    await page.waitForSelector('.coach-panel[data-lesson="mulligan"]');
    const fits = () =>
      page.evaluate(() => {
        const r = document.querySelector('.coach-panel')!.getBoundingClientRect();
        return (
          r.left >= 0 &&
          r.right <= window.innerWidth &&
          r.top >= 0 &&
          r.bottom <= window.innerHeight &&
          document.documentElement.scrollWidth <= window.innerWidth
        );
      });
    expect(await fits()).toBe(true);
    const seen = await followCoach(page, {
      touch: true,
      trace,
      onLesson: async (id) => {
        expect(await fits(), `the coach fits at ${id}`).toBe(true);
        if (id === 'star-card') {
          // Hiding the coach gives the whole screen back; showing it again keeps the lesson.
          await page.getByRole('button', { name: 'Hide the coach' }).tap();
          await page.getByRole('button', { name: 'Show the coach' }).tap();
          await page.waitForSelector('.coach-panel[data-lesson="star-card"]');
          await page.screenshot({ path: 'test-results/tutorial-phone.png' });
        }
        if (id === 'debut') {
          await lookInJapanese(page, 'phone');
          trace.push('looked in Japanese');
        }
      },
    });
    expectTeachingOrder(seen);
    await expect.poll(() => page.locator('.end-card h2').textContent()).toMatch(/Victory!/);
    console.log(`e2e: tutorial lessons on a phone: ${seen.join(' ')}; ${trace.lines.length} steps, ${missedClicks(trace)} clicks that did not land`);
    await ctx.close();
  }, 400_000);
});
