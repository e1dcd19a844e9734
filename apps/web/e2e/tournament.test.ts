/**
 * A Swiss tournament through the UI against the real server (issue 34 §2). Olga signs up in a browser, opens
 * Events from the lobby and creates an event with a top cut of 4; Bea signs up in another browser, finds it in the
 * list and registers; two scripted accounts (Sora, Taro) register over the socket, so four play. Olga starts it;
 * the ready check shows big on the event page (and, in round 2, as a banner in the lobby) and both browsers
 * confirm. Bea opens her match by its Play link; the scripted players concede their matches (a match of the two
 * browsers is conceded in Bea's room); the standings move. Olga pauses the event before the cut and resumes it.
 * Two Swiss rounds, semifinals and a final later, the
 * page shows the champion, the bracket and the published lists. Screenshots: the list, the event mid-way at desktop,
 * phone upright and sideways, tablet and in Japanese, and the finished bracket.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TournamentView } from '@vroyale/protocol';
import { join } from 'node:path';
import { e2eApp, e2eEnabled, RESULTS, shot, unnamedControls } from './harness';
import { TestClient } from '../../server/test/helpers/test-client';
import { makeAccount } from '../../server/test/helpers/accounts';
import { actFromLatest } from '../../server/test/helpers/match-setup';
import type { TestServer } from '../../server/test/helpers/test-server';

const EVENT = 'Friday Night Swiss';

async function signUp(browser: Browser, url: string, username: string): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await ctx.grantPermissions(['clipboard-read', 'clipboard-write']).catch(() => undefined);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[${username}] page error: ${e.message}`));
  await page.goto(url + '/');
  await page.getByRole('button', { name: 'Create account' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Username').fill(username);
  await dialog.getByLabel('Password').fill(`${username}-password-1`);
  await dialog.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: `Account menu for ${username}` }).waitFor();
  return page;
}

/** The latest view of the event a scripted client heard. */
function latest(c: TestClient, id: string): TournamentView | undefined {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const r = c.received[i]!;
    if (r.event === 'tournament:update' && (r.payload as TournamentView).id === id) return r.payload as TournamentView;
  }
  return undefined;
}

async function until(c: TestClient, id: string, ok: (v: TournamentView) => boolean, what: string): Promise<TournamentView> {
  await c.waitFor(
    () => {
      const v = latest(c, id);
      return v !== undefined && ok(v);
    },
    30_000,
    what,
  );
  return latest(c, id)!;
}

const goto = (p: Page, hash: string) => p.evaluate((h) => (location.hash = h), hash);

describe.skipIf(!e2eEnabled)('a Swiss tournament in the browser', () => {
  // A ready check long enough for a person, short enough that nobody waits long if one is missed.
  const { app, browser } = e2eApp({ VROYALE_TOURNAMENT_READY_MS: '40000' });

  it('is created, entered, started, played round by round with ready checks, and ends with a champion', async () => {
    const url = app().url;
    const server = { url } as TestServer;
    const olga = await signUp(browser(), url, 'Olga');

    // Events from the lobby's navigation; the organiser creates the event.
    await olga.getByRole('link', { name: 'Events', exact: true }).click();
    await olga.getByRole('button', { name: 'Create an event' }).click();
    await olga.getByLabel('Name', { exact: true }).fill(EVENT);
    await olga.getByLabel('Top cut').selectOption({ label: 'Top 4' });
    await olga.getByLabel('Clock per game').selectOption({ label: '30 min + 10 s' });
    await olga.getByRole('button', { name: 'Create event' }).click();
    await expect.poll(() => /#\/events\/(t_[A-Za-z0-9_-]+)/.exec(olga.url())?.[1] ?? null).not.toBeNull();
    const id = /#\/events\/(t_[A-Za-z0-9_-]+)/.exec(olga.url())![1]!;
    await olga.getByRole('heading', { name: EVENT, level: 1 }).waitFor();
    // The clock chosen is the event's (each table's match plays with it).
    await olga.getByText('Clock 30 min + 10 s').first().waitFor();
    await olga.getByText('Registration open').first().waitFor();
    await olga.getByRole('timer').getByText('Registration closes in').waitFor();
    await olga.getByRole('button', { name: 'Register', exact: true }).click();
    await olga.getByText(/^You are registered with Starter: /).waitFor();

    // Two scripted players register over the socket; another organiser's event makes the list fuller.
    const sora = await makeAccount(server, null, 'Sora');
    const taro = await makeAccount(server, null, 'Taro');
    const watcher = await TestClient.connect(url, 'Watcher');
    const other = await sora.emit('tournament:create', { name: 'Sunday Bo3 Open', format: 'bo3', registrationMinutes: 600 });
    expect(other.ok).toBe(true);
    for (const [c, roster] of [
      [sora, 'raid-night'],
      [taro, 'mod-squad'],
    ] as const)
      expect(await c.emit('tournament:register', { tournamentId: id, roster })).toMatchObject({ ok: true });

    // Bea signs up, finds the event in the list, and registers.
    const bea = await signUp(browser(), url, 'Bea');
    await bea.getByRole('link', { name: 'Events', exact: true }).click();
    const row = bea.locator('.event-row', { hasText: EVENT });
    await expect.poll(() => row.textContent()).toContain('3 players');
    expect(await row.textContent()).toContain('by Olga');
    expect(await row.textContent()).toContain('Registration open');
    await shot(bea, 'tournament-list');
    expect(await unnamedControls(bea)).toEqual([]);
    await row.getByRole('link').click();
    await bea.getByRole('button', { name: 'Register', exact: true }).click();
    await bea.getByText(/^You are registered with /).waitFor();
    expect(await watcher.emit('tournament:watch', { tournamentId: id })).toMatchObject({ ok: true, players: expect.any(Array) });

    // A guest may watch but not take part: the page says how.
    const guestCtx = await browser().newContext({ viewport: { width: 1280, height: 800 } });
    const guest = await guestCtx.newPage();
    await guest.goto(`${url}/#/events/${id}`);
    await guest.getByLabel('Your manager name').fill('Gus');
    await guest.getByRole('button', { name: /Enter the lobby/ }).click();
    await guest.getByText('Sign in to take part').first().waitFor();
    await guestCtx.close();

    // The organiser starts it: round 1's ready check, big on both pages.
    await olga.getByRole('button', { name: 'Start now' }).click();
    const pages = new Map<string, Page>([
      ['Olga', olga],
      ['Bea', bea],
    ]);
    const bots = new Map<string, TestClient>([
      ['Sora', sora],
      ['Taro', taro],
    ]);
    const v0 = await until(watcher, id, (v) => v.phase.kind === 'ready-check', 'round 1 ready check');
    const nameOf = (pid: string) => v0.players.find((p) => p.id === pid)!.name;
    for (const p of pages.values()) await p.locator('.ready-check').getByText('Round 1 is about to be paired').waitFor();
    await bea.screenshot({ path: join(RESULTS, 'tournament-ready-check.png') });

    /** Everyone in the ready check confirms: browsers by the button (on the event page, or from the banner), bots over the socket. */
    async function confirmAll(round: number, stage: 'swiss' | 'cut', viaBanner = false): Promise<TournamentView> {
      const rc = await until(
        watcher,
        id,
        (v) => v.phase.kind === 'ready-check' && v.phase.round === round && v.phase.stage === stage,
        `${stage} ${round} ready check`,
      );
      const expected =
        stage === 'swiss'
          ? rc.players.filter((p) => p.droppedAfterRound === undefined).map((p) => p.id)
          : rc.history.find((r) => r.stage === 'cut' && r.number === round)!.pairings.flatMap((m) => [m.a, m.b!]);
      for (const pid of expected) {
        const name = nameOf(pid);
        const bot = bots.get(name);
        if (bot) {
          expect(await bot.emit('tournament:ready', { tournamentId: id })).toMatchObject({ ok: true });
          continue;
        }
        const p = pages.get(name)!;
        if (viaBanner) {
          // Away from the event page (the lobby): the banner says a ready check waits, and leads there.
          await goto(p, '#/');
          const banner = p.locator('.tournament-banner.ready');
          await banner.getByText(`Ready check for ${EVENT}`).waitFor();
          if (name === 'Bea') await p.screenshot({ path: join(RESULTS, 'tournament-banner.png') });
          await banner.getByRole('link', { name: 'Confirm' }).click();
        }
        await p.getByRole('button', { name: "I'm ready" }).click();
        // Confirmed: the prompt goes (the last to confirm closes the check at once, so "You are ready" may not show).
        await expect.poll(() => p.getByRole('button', { name: "I'm ready" }).count()).toBe(0);
      }
      return until(watcher, id, (v) => v.phase.kind === 'playing' && v.phase.round === round && v.phase.stage === stage, `${stage} ${round} paired`);
    }

    let backToEvent = 0;
    /** Every match of the round is decided: a bot concedes; between the browsers Bea concedes in her room. Bea opens her match by Play. */
    async function playRound(round: number, stage: 'swiss' | 'cut'): Promise<TournamentView> {
      const v = latest(watcher, id)!;
      const r = v.history.find((x) => x.stage === stage && x.number === round)!;
      for (const m of r.pairings) {
        if (m.b === null || m.result) continue;
        const [a, b] = [nameOf(m.a), nameOf(m.b)];
        const browserSide = pages.has(a) && pages.has(b) ? 'Bea' : pages.has(a) ? a : pages.has(b) ? b : null;
        if (browserSide === 'Bea') {
          // Bea's own table: its Play link opens the room the server seated her in.
          await goto(bea, `#/events/${id}`);
          await bea
            .getByRole('link', { name: /^Play your match against/ })
            .first()
            .click();
          await bea.locator('.board').waitFor({ timeout: 20_000 });
        }
        const loser = bots.get(b) ?? bots.get(a);
        if (loser) {
          await loser.waitFor(() => loser.view(m.roomId!) !== undefined, 15_000, 'tournament match view');
          expect(await actFromLatest(loser, m.roomId!, { type: 'concede' }, `t${stage}${round}${m.table}`)).toMatchObject({ ok: true });
        } else {
          // Both players are the browsers: Bea concedes in her room.
          await bea.getByRole('button', { name: 'Concede', exact: true }).click();
          await bea.getByRole('alertdialog', { name: 'Concede this match?' }).getByRole('button', { name: 'Concede the match' }).click();
        }
        if (browserSide === 'Bea') await bea.locator('.end-overlay').waitFor({ timeout: 20_000 });
      }
      // Bea's match is over: its end screen leads back to the event (a tournament's match offers no rematch).
      if (await bea.locator('.end-overlay').count()) {
        expect(await bea.locator('.end-overlay').getByRole('button', { name: 'Offer a rematch' }).count()).toBe(0);
        await bea.locator('.end-overlay').getByRole('link', { name: 'Back to the event' }).click();
        await expect.poll(() => bea.url()).toContain(`#/events/${id}`);
        backToEvent++;
      }
      await goto(bea, `#/events/${id}`);
      return until(
        watcher,
        id,
        (x) => x.history.find((h) => h.stage === stage && h.number === round)!.pairings.every((m) => m.result !== null || m.b === null),
        `${stage} ${round} results`,
      );
    }

    // Round 1.
    const p1 = await confirmAll(1, 'swiss');
    expect(p1.rounds).toBe(2);
    // The pairing shows a Play link on Bea's page for her own table, Watch for the other one.
    await bea.getByRole('heading', { name: 'Pairings: Round 1' }).waitFor();
    await bea
      .getByRole('link', { name: /^Play your match against/ })
      .first()
      .waitFor();
    await bea
      .getByRole('link', { name: /^Watch / })
      .first()
      .waitFor();
    await playRound(1, 'swiss');
    // Standings moved: two players on 3 points.
    await expect.poll(() => bea.locator('.standings-table tbody tr').count()).toBe(4);
    await expect.poll(() => bea.locator('.standings-table td.points').allTextContents()).toEqual(['3', '3', '0', '0']);

    // Round 2: Bea and Olga confirm from the lobby's banner.
    await confirmAll(2, 'swiss', true);
    await goto(bea, `#/events/${id}`);
    await bea.getByRole('heading', { name: 'Pairings: Round 2' }).waitFor();
    // Mid-event screenshots: round 2's pairings with Bea's Play link, round 1's standings.
    const midShots = async () => {
      await goto(bea, `#/events/${id}`);
      await bea.getByRole('heading', { name: 'Pairings: Round 2' }).waitFor();
      await bea.setViewportSize({ width: 1280, height: 900 });
      await shot(bea, 'tournament-event');
      await bea.setViewportSize({ width: 390, height: 844 });
      await noSidewaysScroll(bea, 390);
      await shot(bea, 'tournament-event-phone');
      await bea.setViewportSize({ width: 844, height: 390 });
      await noSidewaysScroll(bea, 844);
      await shot(bea, 'tournament-event-landscape');
      await bea.setViewportSize({ width: 768, height: 1024 });
      await noSidewaysScroll(bea, 768);
      await shot(bea, 'tournament-event-tablet');
      await bea.setViewportSize({ width: 1280, height: 900 });
      await bea.locator('.events-head .language-picker select').selectOption({ label: '日本語' });
      await bea.getByRole('heading', { name: '順位' }).waitFor();
      await shot(bea, 'tournament-event-ja');
      await bea.locator('.events-head .language-picker select').selectOption({ label: 'English' });
      await bea.getByRole('heading', { name: 'Standings' }).waitFor();
      expect(await unnamedControls(bea)).toEqual([]);
      // A player's matches, from the standings.
      await bea.locator('.standings-table .player-name').first().click();
      await bea
        .getByRole('dialog', { name: /^Matches of / })
        .getByText('Round 1')
        .waitFor();
      await bea.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
      await bea.setViewportSize({ width: 1280, height: 800 });
    };
    await midShots();
    // The organiser asks for a pause before the next round; the event waits after round 2 until she resumes.
    await goto(olga, `#/events/${id}`);
    await olga.getByRole('button', { name: 'Pause before the next round' }).click();
    await olga.getByText('The event pauses once this round is over.').waitFor();
    await olga.screenshot({ path: join(RESULTS, 'tournament-organiser.png') });
    await playRound(2, 'swiss');
    await until(watcher, id, (v) => v.status === 'paused', 'paused before the cut');
    await olga.getByText('Paused · Top cut: Semifinals').waitFor();
    await olga.getByRole('button', { name: 'Resume' }).click();

    // The top cut: semifinals then the final.
    const semis = await confirmAll(1, 'cut');
    expect(semis.cutSeeds).toHaveLength(4);
    await bea.getByRole('heading', { name: 'Pairings: Semifinals' }).waitFor();
    await playRound(1, 'cut');
    await confirmAll(2, 'cut');
    await playRound(2, 'cut');
    const end = await until(watcher, id, (v) => v.status === 'finished', 'the end');
    expect(end.champion).not.toBeNull();

    // The end: the champion, the bracket with the final's result, and everyone's list.
    await goto(bea, `#/events/${id}`);
    await bea.getByText(`${nameOf(end.champion!)} wins ${EVENT}!`).waitFor();
    await bea.locator('.bracket-champion').getByText(nameOf(end.champion!)).waitFor();
    await expect.poll(() => bea.locator('.event-lists li').count()).toBe(4);
    await bea.setViewportSize({ width: 1280, height: 900 });
    await bea.mouse.move(2, 2);
    await shot(bea, 'tournament-bracket');

    expect(backToEvent, "Bea's end screens led back to the event").toBeGreaterThan(0);
    for (const c of [sora, taro, watcher]) c.close();
    await olga.context().close();
    await bea.context().close();
  }, 300_000);
});

/** Nothing wider than the screen (the standings scroll inside their box). */
async function noSidewaysScroll(p: Page, width: number): Promise<void> {
  await p.waitForTimeout(150);
  const w = await p.evaluate(() => document.documentElement.scrollWidth);
  expect(w, `page width ${w} at ${width}`).toBeLessThanOrEqual(width);
}
