/**
 * End-to-end: the deck builder (issue 30) in Chromium. On a desktop (1280×800): a roster built card by card
 * from empty to legal, with the cost curve and counts following; a rule broken and named on its line; the
 * Centre's removal asked about, never silent; exporting moves nothing, and the code imports back to the same
 * roster. On a phone (390×844, touch): the count stays in view wherever the gallery is scrolled, the roster
 * opens as a sheet, the Centre warning there too. A side deck (issue 34): the switch sends gallery cards to it,
 * the code is v2 and imports back with it, and a saved deck opens with it. Writes docs/screenshots/deck-builder.png,
 * deck-builder-phone.png, deck-builder-side.png and deck-builder-side-phone.png.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { cardPool, starterRosters } from '@vroyale/cards';
import { e2eApp, e2eEnabled, newPlayer, shot, unnamedControls } from './harness';

const RAID = starterRosters.find((s) => s.name === 'Raid Night')!;
const status = (page: Page) => page.getByRole('status', { name: 'Roster legality' });
const count = (page: Page) => page.locator('.db-count b').textContent();
/** The gallery's button for a card: its accessible name says name, rarity and cost exactly. */
const addButton = (page: Page, id: string): Locator => {
  const d = cardPool[id]!;
  return page.getByRole('button', { name: `Add ${d.name} (${d.rarity}, cost ${d.cost}) to the roster`, exact: true });
};
const box = async (l: Locator) => JSON.stringify(await l.boundingBox());
/** The gallery's button for a card while cards go to the side deck. */
const addSideButton = (page: Page, id: string): Locator => {
  const d = cardPool[id]!;
  return page.getByRole('button', { name: `Add ${d.name} (${d.rarity}, cost ${d.cost}) to the side deck`, exact: true });
};
const sideHead = (page: Page) => page.locator('.db-side-head').textContent();
/** Two C cards the Raid Night roster does not hold. */
const SIDE = ['junior-moderator', 'merch-designer'];

describe.skipIf(!e2eEnabled)('deck builder end to end', () => {
  const { app, browser } = e2eApp();

  it('desktop: empty to legal, a broken rule named, the Centre asked about, export and import', async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Deckhand');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Deck builder' }).click();
    await page.locator('.gallery .gallery-item').first().waitFor();

    // An empty roster says what a roster is, not the engine's "('' is not)".
    expect(await count(page)).toBe('0/30');
    await expect.poll(() => status(page).textContent()).toMatch(/^Your roster is empty\. A roster is 30 cards with at least one Leader/);
    expect(await status(page).textContent()).not.toContain("''");

    // Card by card, found by search, the Centre first: the starter "Raid Night", rebuilt by hand.
    const search = page.getByLabel('Search cards');
    const copies = (id: string) => RAID.cards.filter((c) => c === id).length;
    let added = 0;
    for (const id of [RAID.centre, ...new Set(RAID.cards.filter((c) => c !== RAID.centre))]) {
      await search.fill(cardPool[id]!.name);
      for (let k = 0; k < copies(id); k++) await addButton(page, id).click();
      added += copies(id);
      await expect.poll(() => count(page)).toBe(`${added}/30`);
      if (id === RAID.centre) {
        // the first Leader is the Centre, and the roster says what is still missing
        expect(await page.getByLabel('Centre', { exact: true }).inputValue()).toBe(RAID.centre);
        expect(await status(page).textContent()).toMatch(new RegExp(`exactly 30 cards.*this one has ${added}`));
      }
    }
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster is legal.');
    await search.fill('');

    // The curve counts the 29 cards one draws; the rarity counts stand against RUL-DECK-2's totals.
    const curve = page.getByRole('img', { name: /^Cost curve of the 29 cards you draw/ });
    const left = [...RAID.cards];
    left.splice(left.indexOf(RAID.centre), 1);
    const drawn = left.map((id) => Math.min(cardPool[id]!.cost, 6));
    for (const c of [1, 2, 3]) expect(await curve.getAttribute('aria-label')).toContain(`${drawn.filter((x) => x === c).length} cards at cost ${c}`);
    const rares = RAID.cards.filter((id) => cardPool[id]!.rarity === 'R').length;
    expect(await page.getByRole('list', { name: 'Cards by rarity' }).textContent()).toContain(`R ${rares}/10`);
    expect(await page.getByRole('list', { name: 'Cards by type' }).textContent()).toContain('Leader 2');

    // One copy too many: the line says which rule it breaks, and the gallery card says so before it is added.
    await search.fill('Fresh Debut Rookie');
    expect(await addButton(page, 'fresh-debut-rookie').getAttribute('title')).toBe(
      "One more would break a rule: 'Fresh Debut Rookie' has 4 copies; C cards allow at most 3",
    );
    await addButton(page, 'fresh-debut-rookie').click();
    await search.fill('');
    const line = page.locator('.roster-list li', { hasText: 'Fresh Debut Rookie' });
    await expect.poll(() => line.locator('.rl-why').textContent()).toBe("'Fresh Debut Rookie' has 4 copies; C cards allow at most 3");
    await page.getByRole('button', { name: 'Remove one Fresh Debut Rookie' }).click();
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster is legal.');
    expect(await line.locator('.rl-why').count()).toBe(0);

    // Removing the Centre's only copy asks first and says who becomes the Centre; keeping it changes nothing.
    const centreName = cardPool[RAID.centre]!.name;
    await page.getByRole('button', { name: `Remove one ${centreName}` }).click();
    const ask = page.getByRole('alertdialog', { name: `Remove ${centreName}, your Centre?` });
    await ask.waitFor();
    expect(await ask.textContent()).toContain('If you remove it, Luma Vireo, Idol of the Hour becomes the Centre.');
    await ask.getByRole('button', { name: `Keep ${centreName}` }).click();
    expect(await ask.count()).toBe(0);
    expect(await count(page)).toBe('30/30');
    expect(await page.getByLabel('Centre', { exact: true }).inputValue()).toBe(RAID.centre);
    await page.getByRole('button', { name: `Remove one ${centreName}` }).click();
    await ask.getByRole('button', { name: `Remove ${centreName}` }).click();
    await expect.poll(() => count(page)).toBe('29/30');
    expect(await page.getByLabel('Centre', { exact: true }).inputValue()).toBe('luma-vireo-ssr');
    await search.fill(centreName);
    await addButton(page, RAID.centre).click();
    await search.fill('');
    await page.getByLabel('Centre', { exact: true }).selectOption(RAID.centre);
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster is legal.');

    // Exporting fills the code's field and moves nothing in the panel.
    const parts = ['.db-roster', '.db-summary', '.db-scroll', '.db-actions', '.db-codes'].map((s) => page.locator(s));
    const before = await Promise.all(parts.map(box));
    await page.getByRole('button', { name: 'Export code' }).click();
    const code = await page.getByLabel('Deck code', { exact: true }).inputValue();
    expect(code).toMatch(/^v1-/);
    expect(await Promise.all(parts.map(box))).toEqual(before);
    const lines = await page.locator('.roster-list li').allTextContents();
    await page.mouse.move(5, 790);
    await page.locator('.db-scroll').evaluate((el) => (el.scrollTop = 0));
    await shot(page, 'deck-builder');
    expect(await unnamedControls(page)).toEqual([]);

    // A damaged code changes nothing and says why; the exported one comes back as the same roster.
    await page.getByRole('button', { name: 'New deck' }).click();
    expect(await count(page)).toBe('0/30');
    await page.getByLabel('Deck code to import').fill(code.slice(0, -3) + 'AAA');
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(async () => (await page.locator('.toast').allTextContents()).join(' ')).toMatch(/This deck code is damaged or incomplete/);
    expect(await count(page)).toBe('0/30');
    await page.getByLabel('Deck code to import').fill(code);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster is legal.');
    expect(await page.locator('.roster-list li').allTextContents()).toEqual(lines);
    expect(await page.getByLabel('Centre', { exact: true }).inputValue()).toBe(RAID.centre);
    await ctx.close();
  }, 240_000);

  it('phone: the count stays in view, the roster opens as a sheet, the Centre warning there too', async () => {
    const ctx = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.error(`[phone] page error: ${e.message}`));
    await page.goto(app().url + '/');
    await page.getByLabel('Your manager name').fill('Thumbs');
    await page.getByRole('button', { name: 'Enter the lobby' }).tap();
    await page.getByRole('link', { name: 'Deck builder' }).tap();
    await page.locator('.gallery .gallery-item').first().waitFor();
    const inView = async () => {
      const b = (await page.locator('.db-count').boundingBox())!;
      return b.y >= 0 && b.y + b.height <= 844 && b.x >= 0 && b.x + b.width <= 390;
    };
    expect(await inView()).toBe(true);

    // Scrolled to the gallery's last cards, a tap still shows in the count, which is still in view.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    const last = page.locator('.gallery .slot-btn').last();
    const lastBox = (await last.boundingBox())!;
    const bar = (await page.locator('.db-summary').boundingBox())!;
    // the last card is not under the bar
    expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(bar.y);
    await last.tap();
    await expect.poll(() => count(page)).toBe('1/30');
    expect(await inView()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A starter copy, then the sheet: the whole list, the curve, the Centre warning.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByLabel('Copy a starter').selectOption({ label: RAID.name });
    await expect.poll(() => count(page)).toBe('30/30');
    const toggle = page.getByRole('button', { name: 'Show roster' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.roster-list').isVisible()).toBe(false);
    await toggle.tap();
    const hide = page.getByRole('button', { name: 'Hide roster' });
    expect(await hide.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.roster-list').waitFor();
    expect(await inView()).toBe(true);
    await page.waitForTimeout(200);
    await shot(page, 'deck-builder-phone');
    const centreName = cardPool[RAID.centre]!.name;
    const minus = page.getByRole('button', { name: `Remove one ${centreName}` });
    const mb = (await minus.boundingBox())!;
    expect(Math.min(mb.width, mb.height)).toBeGreaterThanOrEqual(44);
    await minus.tap();
    const ask = page.getByRole('alertdialog', { name: `Remove ${centreName}, your Centre?` });
    await ask.waitFor();
    await ask.getByRole('button', { name: `Keep ${centreName}` }).tap();
    expect(await count(page)).toBe('30/30');
    await hide.tap();
    await expect.poll(() => page.locator('.roster-list').isVisible()).toBe(false);
    expect(await inView()).toBe(true);
    await ctx.close();
  }, 120_000);

  it('side deck: the switch, two cards in, a v2 code that imports back with them, a saved deck opening with them', async () => {
    const { ctx, page } = await newPlayer(browser(), app().url, 'Sideboarder');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Deck builder' }).click();
    await page.locator('.gallery .gallery-item').first().waitFor();
    await page.getByLabel('Copy a starter').selectOption({ label: RAID.name });
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster is legal.');
    expect(await sideHead(page)).toBe('Side deck · 0 / 10');

    // The switch: two buttons, one pressed; the keyboard reaches it.
    const switcher = page.getByRole('group', { name: 'Adding to:' });
    const toRoster = switcher.getByRole('button', { name: 'Roster', exact: true });
    const toSide = switcher.getByRole('button', { name: 'Side deck', exact: true });
    expect(await toRoster.getAttribute('aria-pressed')).toBe('true');
    expect(await toSide.getAttribute('aria-pressed')).toBe('false');
    await toRoster.focus();
    await page.keyboard.press('Tab');
    expect(await toSide.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => toSide.getAttribute('aria-pressed')).toBe('true');
    expect(await toRoster.getAttribute('aria-pressed')).toBe('false');

    // Two cards into the side deck; the roster keeps its 30.
    const search = page.getByLabel('Search cards');
    for (const id of SIDE) {
      await search.fill(cardPool[id]!.name);
      await addSideButton(page, id).click();
    }
    await search.fill('');
    await expect.poll(() => sideHead(page)).toBe('Side deck · 2 / 10');
    expect(await count(page)).toBe('30/30');
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster and its side deck are legal.');
    const sideLines = await page.locator('.side-list li').allTextContents();
    expect(sideLines).toHaveLength(2);

    // One Rookie too many across roster and side deck: the verdict says so, and there is no code to export.
    await search.fill('Fresh Debut Rookie');
    expect(await addSideButton(page, 'fresh-debut-rookie').getAttribute('title')).toBe(
      "One more would break a rule: 'Fresh Debut Rookie' has 4 copies across the roster and its side deck; C cards allow at most 3",
    );
    await addSideButton(page, 'fresh-debut-rookie').click();
    await search.fill('');
    await expect.poll(() => status(page).textContent()).toBe("'Fresh Debut Rookie' has 4 copies across the roster and its side deck; C cards allow at most 3");
    expect(await page.getByRole('button', { name: 'Export code' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Remove one Fresh Debut Rookie from the side deck' }).click();
    await expect.poll(() => sideHead(page)).toBe('Side deck · 2 / 10');

    // Export gives a v2 code; a fresh builder imports it with its side deck.
    await page.getByRole('button', { name: 'Export code' }).click();
    const code = await page.getByLabel('Deck code', { exact: true }).inputValue();
    expect(code).toMatch(/^v2-/);
    // the shot: cost 2 in the gallery, where the side deck's cards wear their badge
    await page.getByLabel('Filter by cost').selectOption('2');
    expect(
      await page
        .locator('.gallery-item', { has: addSideButton(page, SIDE[0]!) })
        .locator('.in-side')
        .textContent(),
    ).toBe('Side ×1');
    await page.mouse.move(5, 790);
    await page.locator('.db-scroll').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await shot(page, 'deck-builder-side');
    await page.getByLabel('Filter by cost').selectOption('');
    expect(await unnamedControls(page)).toEqual([]);
    await page.getByRole('button', { name: 'New deck' }).click();
    expect(await sideHead(page)).toBe('Side deck · 0 / 10');
    await page.getByLabel('Deck code to import').fill(code);
    await page.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => sideHead(page)).toBe('Side deck · 2 / 10');
    expect(await count(page)).toBe('30/30');
    expect(await page.locator('.side-list li').allTextContents()).toEqual(sideLines);
    await expect.poll(() => status(page).textContent()).toBe('✓ This roster and its side deck are legal.');

    // Saved on the server, it opens from My decks with its side deck; a starter copy has none.
    await page.getByLabel('Deck name').fill('Raid with a side');
    await page.getByRole('button', { name: 'Save deck' }).click();
    await expect.poll(async () => (await page.locator('.toast').allTextContents()).join(' ')).toMatch(/Saved "Raid with a side"/);
    await page.getByLabel('Copy a starter').selectOption({ label: RAID.name });
    await expect.poll(() => sideHead(page)).toBe('Side deck · 0 / 10');
    await page.getByLabel('My decks').selectOption({ label: 'Raid with a side' });
    await expect.poll(() => sideHead(page)).toBe('Side deck · 2 / 10');
    expect(await page.locator('.side-list li').allTextContents()).toEqual(sideLines);
    await ctx.close();

    // A phone: the code imports there too; the bar says where cards go; the sheet shows the side deck.
    const phone = await browser().newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const p = await phone.newPage();
    p.on('pageerror', (e) => console.error(`[side phone] page error: ${e.message}`));
    await p.goto(app().url + '/');
    await p.getByLabel('Your manager name').fill('Pocket');
    await p.getByRole('button', { name: 'Enter the lobby' }).tap();
    await p.getByRole('link', { name: 'Deck builder' }).tap();
    await p.locator('.gallery .gallery-item').first().waitFor();
    await p.getByRole('button', { name: 'Show roster' }).tap();
    await p.getByLabel('Deck code to import').fill(code);
    await p.getByRole('button', { name: 'Import' }).tap();
    await expect.poll(() => sideHead(p)).toBe('Side deck · 2 / 10');
    await p.getByRole('group', { name: 'Adding to:' }).getByRole('button', { name: 'Side deck', exact: true }).tap();
    expect(await p.locator('.db-side-chip').textContent()).toBe('Adding to the side deck · 2 / 10');
    // the chip has a row of its own: the verdict beside the count is not cut
    expect(await p.locator('.db-verdict').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await p.locator('.db-side-chip').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // and the bar holds it: nothing of the open sheet slides under it
    const chip = (await p.locator('.db-side-chip').boundingBox())!;
    const bodyTop = (await p.locator('.db-roster-body').boundingBox())!.y;
    expect(chip.y + chip.height).toBeLessThanOrEqual(bodyTop);
    const targets = p.getByRole('group', { name: 'Adding to:' }).getByRole('button');
    for (const b of await targets.all()) {
      const r = (await b.boundingBox())!;
      expect(Math.min(r.width, r.height)).toBeGreaterThanOrEqual(44);
    }
    await p.locator('.db-side').evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await p.waitForTimeout(200);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(p, 'deck-builder-side-phone');
    await phone.close();
  }, 240_000);
});
