/**
 * `npm run measure:play [-- --seed measure-1] [--stops default|full] [--budget 4000]`: how many clicks a match
 * against the bot costs, measured through the real UI (a measuring script, not a test).
 *
 * Builds the web app, starts the real server with a fixed match seed (`VROYALE_MATCH_SEED`), opens Debian's
 * Chromium, and a newcomer presses "Play vs bot" and plays to the end with the e2e policy (`policy.ts`: place
 * a star, debut or play what it can, attack with everything, block only when it must, else pass). Every
 * policy step is one real click. `--stops full` turns on Full control (asked at every priority window and
 * declaration), which is what every match cost before stops existed.
 *
 * Clicks are counted per turn, own and opponent's, from the board the click was made on. A "typical own turn"
 * is one where the player placed a star card, debuted exactly one character and attacked with everything; a
 * "quiet opponent turn" is one where nothing went on the stack and nobody attacked. The last line is JSON.
 */
import { DEFAULT_STOP_SETTINGS } from '@vroyale/protocol';
import { buildWeb, chromiumAvailable, launch, newPlayer, startApp } from './harness';
import { playStep } from './policy';

const arg = (name: string, d: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : d;
};

interface TurnTally {
  turn: number;
  mine: boolean;
  clicks: number;
  starPlaced: boolean;
  debuts: number;
  attacked: boolean;
  sawStack: boolean;
  sawAttack: boolean;
  /** What each click was (the policy's names for them), for the per-turn lines. */
  what: string[];
}

interface BoardFacts {
  turn: number;
  mine: boolean;
  phase: string;
  stack: number;
  theirAttackers: number;
}

async function main(): Promise<void> {
  const seed = arg('seed', 'measure-1');
  const stops = arg('stops', 'default');
  const budget = Number(arg('budget', '4000'));
  if (!chromiumAvailable()) throw new Error('Debian Chromium (/usr/bin/chromium) is needed: apt-get install -y chromium');
  buildWeb();
  const app = await startApp({ VROYALE_MATCH_SEED: seed, VROYALE_BOT_DELAY_MS: '0' });
  const browser = await launch();
  try {
    const { page } = await newPlayer(browser, app.url, 'Measure');
    if (stops === 'full') {
      // This browser's saved stops (net/client.ts sends them after every hello).
      await page.evaluate((s) => localStorage.setItem('vroyale.stops', s), JSON.stringify({ ...DEFAULT_STOP_SETTINGS, fullControl: true }));
      await page.reload();
      await page.getByRole('button', { name: 'Play vs bot' }).waitFor();
    }
    await page.getByRole('button', { name: 'Play vs bot' }).click();
    await page.waitForSelector('.board');
    const t0 = Date.now();
    const facts = (): Promise<BoardFacts | null> =>
      page.evaluate(() => {
        const board = document.querySelector('.board');
        if (!board) return null;
        return {
          turn: Number(board.getAttribute('data-turn') ?? 0),
          mine: board.getAttribute('data-active') === board.getAttribute('data-me'),
          phase: board.getAttribute('data-phase') ?? '',
          stack: document.querySelectorAll('.stack-panel li').length,
          theirAttackers: document.querySelectorAll('.side-top .slot.attacking').length,
        };
      });
    const turns = new Map<number, TurnTally>();
    const tally = (f: BoardFacts): TurnTally => {
      let t = turns.get(f.turn);
      if (!t) turns.set(f.turn, (t = { turn: f.turn, mine: f.mine, clicks: 0, starPlaced: false, debuts: 0, attacked: false, sawStack: false, sawAttack: false, what: [] }));
      return t;
    };
    let clicks = 0;
    let setupClicks = 0;
    let steps = 0;
    for (;;) {
      if (++steps > budget) throw new Error(`the match did not end within ${budget} policy steps`);
      const before = await facts();
      const r = await playStep(page);
      if (r.result === 'over') break;
      if (!before || before.turn === 0) {
        if (r.result === 'acted') setupClicks++;
        if (r.result === 'acted') clicks++;
        continue;
      }
      const t = tally(before);
      if (before.stack > 0 && !t.mine) t.sawStack = true;
      if (before.theirAttackers > 0) t.sawAttack = true;
      if (r.result !== 'acted') continue;
      clicks++;
      t.clicks++;
      t.what.push(r.what.replace(/^menu:(\S+( \S+)?).*/, 'menu:$1'));
      if (r.what.startsWith('menu:Place in Star Pool')) t.starPlaced = true;
      if (r.what.startsWith('menu:Debut')) t.debuts++;
      if (r.what === 'declare-attackers') t.attacked = true;
    }
    const minutes = (Date.now() - t0) / 60_000;
    const list = [...turns.values()].sort((a, b) => a.turn - b.turn);
    const own = list.filter((t) => t.mine);
    const opp = list.filter((t) => !t.mine);
    const typical = own.filter((t) => t.starPlaced && t.debuts === 1 && t.attacked);
    const quiet = opp.filter((t) => !t.sawStack && !t.sawAttack);
    const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
    const sum = (xs: TurnTally[]) => xs.reduce((n, t) => n + t.clicks, 0);
    for (const t of list) console.log(`turn ${t.turn} ${t.mine ? 'own' : 'opp'}: ${t.clicks} clicks${t.mine ? ` (star ${t.starPlaced ? 'yes' : 'no'}, debuts ${t.debuts}, attack ${t.attacked ? 'yes' : 'no'})` : ` (stack ${t.sawStack ? 'yes' : 'no'}, attack ${t.sawAttack ? 'yes' : 'no'})`}: ${t.what.join(', ')}`);
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
