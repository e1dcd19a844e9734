/**
 * `npm run measure:play [-- --seed measure-6] [--stops default|full] [--budget 4000]`: how many clicks a match
 * against the bot costs, measured through the real UI (a measuring script, not a test).
 *
 * Builds the web app, starts the real server with a fixed match seed (`VROYALE_MATCH_SEED`), opens Debian's
 * Chromium, and a newcomer presses "Play vs bot" and plays to the end with the e2e policy (`policy.ts`: place
 * a star, debut or play what it can, attack with everything, block only when it must, else pass). Every
 * policy step is one real click. `--stops full` turns on Full control (asked at every priority window and
 * declaration), which is what every match cost before stops existed.
 *
 * Clicks are counted per turn from the board the click was made on; what happened in each turn comes from the
 * match's replay once it is over. A "typical own turn" is one where the player placed a star card, debuted
 * exactly one character, played nothing else and attacked (the policy attacks with everything), while the
 * opponent put nothing on the stack; a "quiet opponent turn" is one where the opponent put nothing on the
 * stack and nobody attacked. The last line is JSON.
 */
import { cpus, loadavg } from 'node:os';
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { buildWeb, chromiumAvailable, launch, newPlayer, p95, perfSamples, startApp } from './harness';
import { createGame, step, type Action, type ManagerId, type Roster } from '@vroyale/engine';
import { cardPool } from '@vroyale/cards';
import { playStep, type BoardAt } from './policy';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : d;
};

/** Clicks made on one turn's board, and what each was (the policy's names for them). */
interface TurnTally {
  clicks: number;
  what: string[];
}

interface Replay {
  seed: string;
  rosters: Record<ManagerId, Roster>;
  seats: Record<ManagerId, { name: string; bot: boolean }>;
  result: unknown;
  actions: { seq: number; actor: ManagerId; action: Action }[];
}

interface TurnFacts {
  turn: number;
  active: ManagerId;
  /** Star cards placed, characters debuted, and everything else played or activated by the active manager. */
  stars: number;
  debuts: number;
  otherPlays: number;
  /** Attackers declared this turn. */
  attackers: number;
  /** Items the bot (the player's opponent) put on the stack this turn: highlights, abilities, its triggers. */
  botItems: number;
}

/** Replays the match and tallies each turn: what the active manager did, and what the other put on the stack. */
function turnFacts(r: Replay, bot: ManagerId): Map<number, TurnFacts> {
  const created = createGame({ seed: r.seed, pool: cardPool, rosters: r.rosters });
  if (!created.ok) throw new Error(created.message);
  let s = created.state;
  const out = new Map<number, TurnFacts>();
  for (const { action } of r.actions) {
    const at = (out.get(s.turn) ??
      out.set(s.turn, { turn: s.turn, active: s.active, stars: 0, debuts: 0, otherPlays: 0, attackers: 0, botItems: 0 }).get(s.turn))!;
    const mine = action.manager === s.active;
    if (mine && action.type === 'place-star') at.stars++;
    else if (mine && action.type === 'play') {
      const d = s.defs[s.cards[action.card]!.def]!;
      if (d.types.includes('highlight')) at.otherPlays++;
      else at.debuts++;
    } else if (mine && action.type === 'activate') at.otherPlays++;
    const res = step(s, action);
    if (!res.ok) throw new Error(`the replay does not apply: ${res.message}`);
    for (const e of res.events) {
      if (e.t === 'attackers') at.attackers += e.attackers.length;
      if (e.t === 'stack-push' && e.item.controller === bot) at.botItems++;
    }
    s = res.state;
  }
  return out;
}

async function main(): Promise<void> {
  const seed = arg('seed', 'measure-6');
  const stops = arg('stops', 'default');
  const budget = Number(arg('budget', '4000'));
  if (!chromiumAvailable()) throw new Error('Debian Chromium (/usr/bin/chromium) is needed: apt-get install -y chromium');
  buildWeb();
  const app = await startApp({ VROYALE_MATCH_SEED: seed, VROYALE_BOT_DELAY_MS: '0' });
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, app.url, 'Measure');
    if (stops === 'full') {
      // The session's stops live with it on the server (net/account-sync.ts reads them at page start, and they win
      // over this browser's copy): set them there, then load the page again.
      // ui too, so the account counts as having saved settings and this browser's default stops do not replace these.
      const ok = await page.evaluate(
        async (stops) => {
          const ui = JSON.parse(localStorage.getItem('vroyale.settings') ?? '{}') as unknown;
          const r = await fetch('/api/settings', {
            method: 'PUT',
            credentials: 'same-origin',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ stops, ui }),
          });
          return r.ok;
        },
        { ...DEFAULT_STOP_SETTINGS, fullControl: true },
      );
      if (!ok) throw new Error('PUT /api/settings refused the full-control stops');
      await page.reload();
      await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    }
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    const t0 = Date.now();
    const turns = new Map<number, TurnTally>();
    const tally = (f: BoardAt): TurnTally => {
      let t = turns.get(f.turn);
      if (!t) turns.set(f.turn, (t = { clicks: 0, what: [] }));
      return t;
    };
    let clicks = 0;
    let setupClicks = 0;
    let steps = 0;
    for (;;) {
      if (++steps > budget) throw new Error(`the match did not end within ${budget} policy steps`);
      // The board the step chose on, read with the choice (a new turn may arrive just before a click).
      const r = await playStep(page);
      if (r.result === 'over') break;
      if (!r.at || r.at.turn === 0) {
        if (r.result === 'acted') (setupClicks++, clicks++);
        continue;
      }
      if (r.result !== 'acted') continue;
      const t = tally(r.at);
      clicks++;
      t.clicks++;
      t.what.push(r.what.replace(/^menu:(\S+( \S+)?).*/, 'menu:$1'));
    }
    const minutes = (Date.now() - t0) / 60_000;
    // Render budget: from applying a server view to the committed DOM (performance marks), every view of the match.
    const renders = await perfSamples(page);
    // What happened in each turn, from the match's own record (the replay, public once the match is over):
    // the board alone cannot see a turn that passed entirely between two looks.
    const link = await page.getAttribute('a[href^="#/replay/"]', 'href');
    const replay = (await (await fetch(`${app.url}/api/matches/${link!.replace('#/replay/', '')}/replay`)).json()) as Replay;
    const me: ManagerId = replay.seats.A.bot ? 'B' : 'A';
    const facts = turnFacts(replay, me === 'A' ? 'B' : 'A');
    const list = [...facts.values()]
      .filter((f) => f.turn > 0)
      .map((f) => ({ ...f, mine: f.active === me, clicks: turns.get(f.turn)?.clicks ?? 0, what: turns.get(f.turn)?.what ?? [] }));
    const own = list.filter((t) => t.mine);
    const opp = list.filter((t) => !t.mine);
    // The turn shapes. An opponent's item on the stack asks you (a stop), so such turns are left out.
    const typical = own.filter((t) => t.stars === 1 && t.debuts === 1 && t.otherPlays === 0 && t.attackers > 0 && t.botItems === 0);
    const quiet = opp.filter((t) => t.botItems === 0 && t.attackers === 0);
    const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
    const sum = (xs: { clicks: number }[]) => xs.reduce((n, t) => n + t.clicks, 0);
    for (const t of list)
      console.log(
        `turn ${t.turn} ${t.mine ? 'own' : 'opp'}: ${t.clicks} clicks (star ${t.stars}, debuts ${t.debuts}, other plays ${t.otherPlays}, attackers ${t.attackers}, bot's stack items ${t.botItems}): ${t.what.join(', ')}`,
      );
    console.log(
      JSON.stringify({
        seed,
        stops,
        clicks,
        setupClicks,
        turns: list.length,
        ownTurns: own.length,
        opponentTurns: opp.length,
        clicksPerOwnTurn: round(sum(own) / Math.max(1, own.length)),
        clicksPerOpponentTurn: round(sum(opp) / Math.max(1, opp.length)),
        typicalOwnTurns: typical.length,
        maxClicksTypicalOwnTurn: typical.length ? Math.max(...typical.map((t) => t.clicks)) : null,
        quietOpponentTurns: quiet.length,
        maxClicksQuietOpponentTurn: quiet.length ? Math.max(...quiet.map((t) => t.clicks)) : null,
        minutes: round(minutes),
        viewUpdates: renders.length,
        renderP95Ms: round(p95(renders)),
        renderBudgetMs: 16,
        loadPerCore: round(loadavg()[0]! / cpus().length),
        result: replay.result,
      }),
    );
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
