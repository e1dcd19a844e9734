/**
 * A best-of-three through the UI against the real server (issue 34 §1): Alice creates a best-of-three room and sits
 * with a deck code carrying a side deck, Bob takes the other seat with a starter and Sam watches. Bob concedes game 1;
 * in the side-deck panel Alice takes one card out and brings one in by clicking (the engine's verdict live: uneven,
 * then legal), Bob keeps his deck and is told only that Alice swapped 1 card; everyone lands in game 2 by themselves,
 * where Bob, who lost, chooses the order. Bob's page never shows the card Alice brought in. Alice concedes game 2,
 * both keep, game 3; Bob concedes: Alice wins the match 2 – 1, and the rematch button is back. Screenshots of the
 * panel at desktop, phone upright and sideways sizes and in Japanese, and of the top bar's badge.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { cardPool, starterRosters } from '@vroyale/cards';
import type { CardDef } from '@vroyale/engine';
import { encodeDeckCode } from '../../../packages/engine/src/deck/deck-code';
import { validateSwap } from '../../../packages/engine/src/deck/side-deck';
import { e2eApp, e2eEnabled, newPlayer, RESULTS, shot } from './harness';

const raid = starterRosters.find((r) => r.id === 'raid-night')!;

/** A raid-night deck code with a side deck of one card that is in no starter, and the swap bringing it in. */
function deckWithSide(): { code: string; side: CardDef; out: CardDef } {
  const used = new Set(starterRosters.flatMap((r) => r.cards));
  const out = raid.cards.find((c) => c !== raid.centre)!;
  for (const def of Object.values(cardPool) as CardDef[]) {
    if (used.has(def.id) || def.token) continue;
    if (validateSwap({ centre: raid.centre, cards: [...raid.cards] }, [def.id], { out: [out], in: [def.id] }, cardPool).length > 0) continue;
    return { code: encodeDeckCode({ centre: raid.centre, cards: [...raid.cards], side: [def.id] }, cardPool), side: def, out: cardPool[out]! };
  }
  throw new Error('no card fits a side deck');
}

const roomOf = (p: Page) => /#\/room\/([A-Za-z0-9_-]+)/.exec(p.url())?.[1] ?? null;

/** Concedes the game on the page's top bar (wide screens keep the button in it). */
async function concede(p: Page): Promise<void> {
  await p.getByRole('button', { name: 'Concede', exact: true }).click();
  const ask = p.getByRole('alertdialog', { name: 'Concede this game?' });
  await ask.getByRole('button', { name: 'Concede the game' }).click();
  await p.locator('.end-overlay').waitFor();
}

/** Waits for the page to be in another game's room than `from`, its board shown. */
async function nextGame(p: Page, from: string): Promise<string> {
  await expect.poll(() => roomOf(p), { timeout: 20_000 }).not.toBe(from);
  await p.locator('.board').waitFor();
  return roomOf(p)!;
}

/** Both managers keep their opening hands; then the chooser (whose prompt says why) goes first. */
async function openGame(chooser: Page, other: Page, why: RegExp, asked?: () => Promise<void>): Promise<void> {
  for (const p of [chooser, other]) await p.getByRole('button', { name: 'Keep hand' }).click();
  await expect.poll(() => chooser.locator('.prompt-title').textContent(), { timeout: 20_000 }).toMatch(why);
  await asked?.();
  await chooser.getByRole('button', { name: /Go first/ }).click();
  await expect.poll(() => chooser.getAttribute('.board', 'data-phase'), { timeout: 20_000 }).not.toBe('turn-order');
}

describe.skipIf(!e2eEnabled)('best of three', () => {
  const { app, browser } = e2eApp({ VROYALE_MATCH_SEED: 'bo3-e2e' });

  it('plays three games as linked rooms, swaps a side-deck card in secret, and names the match winner', async () => {
    const deck = deckWithSide();
    const a = await newPlayer(browser(), app().url, 'Alice');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    // The deck Alice brings: the roster chosen last time is what a new room seats its creator with.
    await a.page.evaluate((code) => localStorage.setItem('vroyale.roster', code), deck.code);
    await a.page.locator('#room-format').selectOption({ label: 'Best of three (first to win two games)' });
    await a.page.getByRole('button', { name: 'Create room' }).click();
    const invite = (await a.page.getByLabel('Invite link', { exact: true }).inputValue()).replace(/^https?:\/\/[^/]+/, '');
    const g1 = roomOf(a.page)!;

    const b = await newPlayer(browser(), app().url, 'Bob', invite);
    await b.page.setViewportSize({ width: 1280, height: 800 });
    await b.page.getByRole('button', { name: 'Take a seat' }).click();
    for (const p of [a.page, b.page]) await p.locator('.board').waitFor();
    const s = await newPlayer(browser(), app().url, 'Sam', invite);
    await s.page.locator('.board').waitFor();

    // The top bar says which game of which match, and the score.
    for (const p of [a.page, b.page, s.page])
      await expect.poll(() => p.locator('.series-badge').textContent()).toContain('Game 1 · Best of three · Alice 0 – 0 Bob');

    // What Bob's page ever shows: never the card Alice keeps in her side deck and brings in.
    const secret = deck.side.name;
    const bobNeverSees = async (when: string) => {
      const text = await b.page.evaluate(() => document.body.innerText + document.body.innerHTML);
      expect(text.includes(secret), `${when}: Bob's page shows '${secret}'`).toBe(false);
    };
    await bobNeverSees('game 1');

    // Game 1: Bob concedes. Alice leads 1-0; the side-deck window opens.
    await concede(b.page);
    const panel = a.page.locator('.sideboard');
    await panel.waitFor();
    await expect.poll(() => panel.locator('.sb-them').textContent()).toBe('Bob is choosing…');
    expect(await a.page.locator('.series-line').textContent()).toBe('Game 1 · Best of three · Alice 1 – 0 Bob');
    expect(await a.page.locator('.series-chooser').textContent()).toBe('Bob lost this game and chooses who goes first in game 2.');
    // No rematch while the match is undecided.
    expect(await a.page.getByRole('button', { name: /rematch/i }).count()).toBe(0);
    // The spectator sees the window's countdown and where each manager is.
    await expect.poll(() => s.page.locator('.sb-watch-title').textContent()).toMatch(/^The managers are changing their decks · [0-3]:\d\d$/);
    // Bob has no side deck: he can only keep his.
    await expect.poll(() => b.page.locator('.sideboard').textContent()).toContain('You have no side deck');

    // Alice takes one card out: the engine says a swap is one for one, and Confirm waits.
    await panel.getByRole('button', { name: `Take ${deck.out.name} out of the roster` }).click();
    await expect.poll(() => panel.locator('.sb-verdict').textContent()).toContain('A swap exchanges cards one for one: 1 out but 0 in');
    expect(await panel.getByRole('button', { name: 'Confirm swap' }).isDisabled()).toBe(true);
    // ...and brings the side-deck card in: legal.
    await panel.getByRole('button', { name: `Bring ${deck.side.name} into the roster` }).click();
    await expect.poll(() => panel.locator('.sb-verdict').textContent()).toContain('Legal: 1 card out, 1 in.');
    expect(await panel.getByRole('button', { name: 'Confirm swap' }).isEnabled()).toBe(true);
    expect(await panel.locator('.sb-counts').textContent()).toBe('Taking out 1 · bringing in 1');
    // The Centre is marked and cannot move.
    expect(await panel.locator('.sb-line.is-centre .sb-card').getAttribute('aria-disabled')).toBe('true');

    // Screenshots of the panel: desktop, phone upright and sideways, and Japanese (the pointer off the lists, so no
    // card zoom covers them).
    await a.page.mouse.move(2, 400);
    await shot(a.page, 'bo3-sideboard');
    await a.page.setViewportSize({ width: 390, height: 844 });
    await shot(a.page, 'bo3-sideboard-phone');
    await a.page.setViewportSize({ width: 844, height: 390 });
    await shot(a.page, 'bo3-sideboard-landscape');
    const language = async (label: string) => {
      await a.page.getByRole('button', { name: /^(Menu|メニュー)$/ }).click();
      // The sheet opens under the end overlay's dimmed backdrop; the language choice works all the same.
      await a.page.locator('.menu-sheet .language-picker select').selectOption({ label }, { force: true });
    };
    await language('日本語');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => panel.locator('h3').textContent()).toBe('第2ゲームのサイドデッキ');
    await shot(a.page, 'bo3-sideboard-ja');
    await a.page.setViewportSize({ width: 844, height: 390 });
    await language('English');
    await a.page.setViewportSize({ width: 1280, height: 800 });
    await expect.poll(() => panel.locator('h3').textContent()).toBe('Side deck for game 2');

    await panel.getByRole('button', { name: 'Confirm swap' }).click();
    await expect.poll(() => panel.locator('.sb-sent').textContent()).toContain('Your deck for game 2 is set: 1 card swapped.');
    await expect.poll(() => panel.locator('.sb-sent').textContent()).toContain('Waiting for Bob…');
    // Bob and the spectator learn that Alice swapped one card, never which.
    await expect.poll(() => b.page.locator('.sb-them').textContent()).toBe('Alice is ready: swapped 1 card.');
    await expect.poll(() => s.page.locator('.sb-watch').textContent()).toContain('Alice is ready: swapped 1 card.');
    await bobNeverSees('after the swap');
    // (Not for the docs: what Bob, who has no side deck, and the spectator see meanwhile.)
    await b.page.screenshot({ path: join(RESULTS, 'bo3-no-side-deck.png') });
    await s.page.screenshot({ path: join(RESULTS, 'bo3-spectator.png') });

    // Bob keeps his deck: everyone goes to game 2 by themselves.
    await b.page.locator('.sideboard').getByRole('button', { name: 'Keep my deck' }).click();
    const g2 = await nextGame(a.page, g1);
    expect(await nextGame(b.page, g1)).toBe(g2);
    expect(await nextGame(s.page, g1)).toBe(g2);
    for (const p of [a.page, b.page, s.page])
      await expect.poll(() => p.locator('.series-badge').textContent()).toContain('Game 2 · Best of three · Alice 1 – 0 Bob');

    // Bob lost game 1: he chooses the order, and his prompt says why (no coin flip).
    await openGame(b.page, a.page, /^You lost the last game: go first or second\?/, () => shot(b.page, 'bo3-series-badge'));
    await bobNeverSees('game 2');

    // Game 2: Alice concedes (1-1); both keep their decks.
    await concede(a.page);
    for (const p of [a.page, b.page]) {
      await expect.poll(() => p.locator('.series-line').textContent()).toBe('Game 2 · Best of three · Alice 1 – 1 Bob');
      await p.locator('.sideboard').getByRole('button', { name: 'Keep my deck' }).click();
    }
    const g3 = await nextGame(a.page, g2);
    expect(await nextGame(b.page, g2)).toBe(g3);
    expect(await nextGame(s.page, g2)).toBe(g3);
    await bobNeverSees('game 3');

    // Game 3: Alice, who lost game 2, chooses; Bob concedes. Alice wins the match 2-1.
    await openGame(a.page, b.page, /^You lost the last game: go first or second\?/);
    await concede(b.page);
    await expect.poll(() => a.page.locator('.series-result').textContent()).toBe('You win the match 2 – 1');
    await expect.poll(() => b.page.locator('.series-result').textContent()).toBe('Alice wins the match 2 – 1');
    await expect.poll(() => s.page.locator('.series-result').textContent()).toBe('Alice wins the match 2 – 1');
    // The match is decided: a rematch (another best of three) can be offered again.
    await a.page.getByRole('button', { name: 'Offer a rematch' }).waitFor();
    expect(await a.page.locator('.sideboard').count()).toBe(0);
    await bobNeverSees('the end');

    // Alice makes an account (her games stay hers): her history shows the match as one row, 2–1, its three games under it.
    const name = `alice${Date.now() % 100_000}`;
    const reg = await a.page.request.post(`${app().url}/api/auth/register`, {
      data: { username: name, password: `${name} plays VRoyale` },
      headers: { origin: app().url },
    });
    expect(reg.status()).toBe(201);
    await a.page.goto(`${app().url}/#/u/${name}`);
    const match = a.page.locator('.history-table .series-row');
    await expect.poll(() => match.textContent(), { timeout: 20_000 }).toContain('2–1');
    expect(await a.page.locator('.history-table .series-game').count()).toBe(3);
    await shot(a.page, 'profile-best-of-three');

    for (const p of [a, b, s]) await p.ctx.close();
  }, 300_000);
});
