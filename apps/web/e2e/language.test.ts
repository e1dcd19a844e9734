/**
 * End-to-end: the language switch. The real server and Debian's Chromium (the same harness as web.test.ts):
 * pick 日本語 in the lobby, the interface speaks Japanese (lobby, a bot match's top bar and prompt), a reload
 * remembers the choice, and switching back gives the English the rest of the suite reads.
 */
import { describe, expect, it } from 'vitest';
import { e2eApp, e2eEnabled, newPlayer } from './harness';

describe.skipIf(!e2eEnabled)('interface language', () => {
  const { app, browser } = e2eApp();

  it('switches to Japanese, remembers it across a reload, and switches back', async () => {
    const { page } = await newPlayer(browser(), app().url, 'Kana');
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();

    await page.getByLabel('Language').selectOption('ja');
    await page.getByRole('button', { name: 'ボットと対戦' }).waitFor();
    expect(await page.getByRole('button', { name: 'ルームを作成' }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'ライブ中の対戦' }).count()).toBe(1);
    expect(await page.locator('html').getAttribute('lang')).toBe('ja');

    // Remembered in this browser: a reload comes back in Japanese.
    await page.reload();
    await page.getByRole('button', { name: 'ボットと対戦' }).waitFor();
    expect(await page.getByLabel('言語').inputValue()).toBe('ja');

    // A match speaks Japanese too: the top bar, the prompt; the picker is in the room's Settings.
    await page.getByRole('button', { name: 'ボットと対戦' }).click();
    await page.waitForSelector('.board');
    await page.getByRole('button', { name: 'ロビーに戻る' }).waitFor();
    await page.getByRole('button', { name: '手札をキープ' }).waitFor();
    await expect.poll(() => page.locator('.log li').first().textContent()).toBe('対戦開始。');
    // The Stops dialog in plain Japanese, and the one-shot's choices.
    await page.getByRole('button', { name: 'ストップ', exact: true }).click();
    const stops = page.getByRole('dialog', { name: 'ストップ：ゲームがあなたを待つタイミング' });
    await stops.getByRole('checkbox', { name: '攻撃されたとき（ブロックの前）' }).waitFor();
    await stops.getByRole('button', { name: '完了' }).click();
    expect(await page.getByRole('combobox', { name: '当面のストップ' }).locator('option').allTextContents()).toEqual([
      'いつも通り止まる',
      '何か起きるまでスキップ',
      '自分のターンまでスキップ',
    ]);

    // Back to English from the room's Settings; the lobby follows.
    await page.getByRole('button', { name: '設定' }).click();
    const dialog = page.getByRole('dialog', { name: '設定' });
    await dialog.getByLabel('言語').selectOption('en');
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Keep hand' }).waitFor();
    await page.getByRole('button', { name: 'Back to the lobby' }).click();
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.reload();
    await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
  }, 120_000);
});
