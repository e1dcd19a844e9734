/**
 * End-to-end, issue 17: what an account keeps and the community tools, through the UI against the real server.
 * A guest's old browser decks are imported once and, with their settings, follow them into a new account and
 * to another browser; a wrong password is refused by its code; signing out everywhere makes both browsers guests
 * again, the other one told why. A pairing found while one player is away waits for their Accept. Two accounts
 * meet by a direct challenge; in the room one mutes the other's chat, reports them and blocks them.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cardPool, starterRosters } from '@vroyale/cards';
import { encodeDeckCode } from '../../../packages/engine/src/deck/deck-code';
import { e2eApp, e2eEnabled, RESULTS } from './harness';

async function visitor(browser: Browser, url: string, tag: string, oldDecks?: unknown[]): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  if (oldDecks) {
    // Once per browser, not on every load.
    await ctx.addInitScript((decks) => {
      if (localStorage.getItem('e2e.seeded')) return;
      localStorage.setItem('e2e.seeded', '1');
      localStorage.setItem('vroyale.decks', JSON.stringify(decks));
    }, oldDecks);
  }
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${tag}] page error: ${e.message}`));
  await page.goto(url + '/');
  return page;
}

async function register(page: Page, username: string, password: string): Promise<void> {
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
}

const rosterOptions = (page: Page) => page.getByLabel('Your roster').locator('option').allTextContents();

describe.skipIf(!e2eEnabled)('accounts end to end', () => {
  const { app, browser } = e2eApp();

  it('a guest’s browser decks and settings follow them into their account and to another browser', async () => {
    const url = app().url;
    // Decks this browser saved before decks lived on the server, there before the app's first script runs: a
    // first visit without them would (rightly) mark this browser's import as done.
    const s = starterRosters[1]!;
    const code = encodeDeckCode({ centre: s.centre, cards: [...s.cards] }, cardPool);
    const g = await visitor(browser(), url, 'Gina', [
      { id: 'd1', name: 'Old Raid', centre: s.centre, cards: s.cards, code, savedAt: 1 },
      { id: 'd2', name: 'Half built', centre: '', cards: [], code: null, savedAt: 2 },
    ]);
    await g.getByLabel('Your manager name').fill('Gina');
    await g.getByRole('button', { name: 'Enter the lobby' }).click();
    await expect.poll(() => rosterOptions(g)).toContain('My deck: Old Raid');
    expect(await g.evaluate(() => localStorage.getItem('vroyale.decks.imported'))).not.toBeNull();
    // A guest: gently asked to make an account; Ranked is not open to them, and says why.
    await g.getByText('Create an account to keep your decks and play ranked').waitFor();
    expect(await g.getByRole('radio', { name: /^Ranked/ }).isDisabled()).toBe(true);
    await g.getByText('Ranked needs an account').waitFor();
    await g.screenshot({ path: `${RESULTS}/guest-lobby.png` });

    // A setting changed as a guest, then the account is made: decks and settings stay.
    await g.getByRole('button', { name: 'Settings' }).click();
    await g.getByRole('dialog', { name: 'Settings' }).getByLabel('Mute').check();
    await g.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Done' }).click();
    await g.waitForTimeout(1200); // saved after a short pause
    await register(g, 'Gina', 'gina-password-1');
    await expect.poll(() => rosterOptions(g)).toContain('My deck: Old Raid');

    // Another browser: a wrong password first, refused by its code; then the right one.
    const h = await visitor(browser(), url, 'Gina-2');
    await h.getByRole('button', { name: 'Sign in' }).click();
    const dialog = h.getByRole('dialog');
    await dialog.getByLabel('Username').fill('gina');
    await dialog.getByLabel('Password').fill('not-the-password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Wrong username or password' }).waitFor();
    await dialog.getByLabel('Password').fill('gina-password-1');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await h.getByRole('button', { name: 'Account menu for Gina' }).waitFor();
    await expect.poll(() => rosterOptions(h)).toContain('My deck: Old Raid');
    // The old browser's decks are imported once only: nothing doubled.
    expect((await rosterOptions(h)).filter((o) => o === 'My deck: Old Raid')).toHaveLength(1);
    await h.getByRole('button', { name: 'Settings' }).click();
    expect(await h.getByRole('dialog', { name: 'Settings' }).getByLabel('Mute').isChecked()).toBe(true);
    await h.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Done' }).click();

    // Signing out everywhere: this browser and the first one are guests again, and the first one is told why.
    await h.getByRole('button', { name: 'Account menu for Gina' }).click();
    await h.getByRole('menuitem', { name: 'Sign out everywhere' }).click();
    await h.getByRole('button', { name: 'Sign in' }).waitFor();
    await g.getByText(/^You were signed out/).waitFor();
    await g.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await g.getByRole('radio', { name: /^Ranked/ }).isDisabled()).toBe(true);
    await g.context().close();
    await h.context().close();
  }, 240_000);

  it('a pairing found while one player is away waits for them to come back and accept', async () => {
    const url = app().url;
    const guest = async (name: string) => {
      const p = await visitor(browser(), url, name);
      await p.getByLabel('Your manager name').fill(name);
      await p.getByRole('button', { name: 'Enter the lobby' }).click();
      await p.getByRole('button', { name: 'Find match' }).waitFor();
      return p;
    };
    const a = await guest('Ema');
    await a.getByRole('button', { name: 'Find match' }).click();
    await a.getByText('Searching for an opponent…').waitFor();
    // Ema's tab goes away (the browser keeps her session cookie); she stays queued for a grace period.
    const ctx = a.context();
    await a.close();
    const b = await guest('Fay');
    await b.getByRole('button', { name: 'Find match' }).click();
    await b.getByText('Match found!').waitFor({ timeout: 15_000 });
    await b.getByText('Accepted: waiting for your opponent…').waitFor();
    // Ema is back: the offer waits for her Accept, with its countdown.
    const a2 = await ctx.newPage();
    await a2.goto(url + '/');
    await a2.getByText('Match found!').waitFor();
    await a2.getByText(/^Accept within \d+ seconds?$/).waitFor();
    await a2.getByRole('button', { name: 'Accept', exact: true }).click();
    await a2.waitForSelector('.board', { timeout: 20_000 });
    await b.waitForSelector('.board', { timeout: 20_000 });
    await ctx.close();
    await b.context().close();
  }, 240_000);

  it('a challenge by username; in the room, mute, report and block the other manager', async () => {
    const url = app().url;
    const a = await visitor(browser(), url, 'Cass');
    const b = await visitor(browser(), url, 'Dove');
    await register(a, 'Cass', 'cass-password-1');
    await register(b, 'Dove', 'dove-password-1');

    await a.getByLabel('Their username').fill('dove');
    await a.locator('#challenge-clock').selectOption({ label: 'Untimed' });
    await a.getByRole('button', { name: 'Send challenge' }).click();
    await a.getByText('Waiting for Dove to answer…').waitFor();
    const invite = b.getByRole('alertdialog', { name: 'Cass challenges you!' });
    await invite.getByText(/Clock: Untimed/).waitFor();
    await invite.getByRole('button', { name: 'Accept' }).click();
    await a.waitForSelector('.board', { timeout: 20_000 });
    await b.waitForSelector('.board', { timeout: 20_000 });

    // Dove says something; Cass mutes Dove's chat for this match.
    await b.getByRole('tab', { name: /^Chat/ }).click();
    await b.getByRole('textbox', { name: 'Chat message' }).fill('good luck!');
    await b.getByRole('button', { name: 'Send' }).click();
    await a.getByRole('tab', { name: /^Chat/ }).click();
    await a.getByText('good luck!').waitFor();
    await a.getByRole('button', { name: 'Options for Dove' }).click();
    await a.getByRole('menuitem', { name: 'Mute chat' }).click();
    await a.getByText('1 muted message hidden').waitFor();
    expect(await a.getByText('good luck!').count()).toBe(0);

    // A report with a reason, then a block after its confirmation.
    await a.getByRole('button', { name: 'Options for Dove' }).click();
    await a.getByRole('menuitem', { name: 'Report' }).click();
    const report = a.getByRole('dialog', { name: 'Report Dove' });
    await report.getByLabel('Reason').selectOption('spam');
    await report.getByLabel('What happened (optional)').fill('the same line again and again');
    await report.getByRole('button', { name: 'Send report' }).click();
    await a.getByText('Thank you: your report went to the moderators.').waitFor();
    await a.getByRole('button', { name: 'Options for Dove' }).click();
    await a.getByRole('menuitem', { name: 'Block' }).click();
    await a.getByRole('alertdialog', { name: 'Block Dove?' }).getByRole('button', { name: 'Block' }).click();
    await a.getByText('Dove is blocked.').waitFor();
    // Blocked: Dove's next line never reaches Cass (the server filters it), muted or not.
    await a.getByRole('button', { name: 'Options for Dove' }).click();
    await a.getByRole('menuitem', { name: 'Unmute chat' }).click();
    await b.getByRole('textbox', { name: 'Chat message' }).fill('are you there?');
    await b.getByRole('button', { name: 'Send' }).click();
    await b.getByText('are you there?').waitFor();
    await a.waitForTimeout(800);
    expect(await a.getByText('are you there?').count()).toBe(0);
    await a.context().close();
    await b.context().close();
  }, 240_000);
});
