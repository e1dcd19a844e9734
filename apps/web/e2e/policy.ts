/**
 * A simple player that uses the UI only: it reads the prompt and the highlighted cards and clicks. Debut or
 * play what it can, attack with everything, block only when it must (the blocks Callout and Moderators
 * require), take the first option of any choice, otherwise pass. Every click is a real Playwright click on a
 * visible control.
 */
import type { Page } from 'playwright-core';

export type StepResult = 'acted' | 'waiting' | 'over';

/**
 * Picks the next control in the page and marks it with data-e2e-next; returns what it is. Runs in one page
 * turn, so it reads one board: a decision split over two turns could see two.
 */
function choose(keepHighlights: boolean, drag: boolean): string {
  const w = window as unknown as { __tried?: Record<string, true> };
  const tried = (w.__tried ??= {});
  document.querySelectorAll('[data-e2e-next]').forEach((e) => e.removeAttribute('data-e2e-next'));
  const mark = (el: Element | null | undefined, what: string) => {
    if (!el) return null;
    el.setAttribute('data-e2e-next', '1');
    return what;
  };
  if (document.querySelector('.end-overlay')) return 'over';
  const board = document.querySelector('.board');
  if (!board) return 'waiting';
  const seq = board.getAttribute('data-seq');
  const phase = board.getAttribute('data-phase') ?? '';
  const prompt = document.querySelector('.prompt');
  const title = prompt?.querySelector('.prompt-title')?.textContent ?? '';
  const buttons = [...(prompt?.querySelectorAll('.options button') ?? [])].filter((b) => !(b as HTMLButtonElement).disabled) as HTMLButtonElement[];
  const btn = (re: RegExp) => buttons.find((b) => re.test(b.textContent ?? ''));
  const menu = document.querySelector('.card-menu');
  if (menu) {
    const items = [...menu.querySelectorAll('button')] as HTMLButtonElement[];
    // The Resource Step is for the star card; debut and play in the Main Step.
    const pref = phase === 'resource' ? [/^Place in Star Pool/, /^Play /] : [/^Debut/, /^Play /, /^Place in Star Pool/];
    for (const re of pref) {
      const it = items.find((b) => !b.disabled && re.test(b.textContent ?? ''));
      if (it) return mark(it, `menu:${it.textContent}`)!;
    }
    return mark(
      items.find((b) => /Close/.test(b.textContent ?? '')),
      'menu:close',
    )!;
  }
  if (/^Keep this opening hand/.test(title)) return mark(btn(/Keep hand/), 'keep') ?? 'waiting';
  if (/go first or second/.test(title)) return mark(btn(/Go first/), 'go-first') ?? 'waiting';
  if (/choose target|pay the cost/.test(title))
    return (
      mark(
        buttons.find((b) => !/Cancel/.test(b.textContent ?? '')),
        'target',
      ) ?? 'waiting'
    );
  if (/^Hand limit/.test(title)) return mark(btn(/^Discard/), 'discard') ?? 'waiting';
  const mine = [...document.querySelectorAll('.side-bottom .slot.actionable > .slot-btn[role="button"]')] as HTMLElement[];
  if (phase === 'combat-attack' && /^Declare attackers/.test(title)) {
    // Everyone attacks: "Attack with all" (or the one attacker), then the declaration.
    const all = btn(/^Attack with all/);
    if (all) return mark(all, 'attack-all')!;
    const attacker = mine.find((b) => !b.closest('.slot')?.classList.contains('attacking') && !b.closest('.hand') && !b.closest('.star-cards'));
    if (attacker) return mark(attacker, 'attack')!;
    return mark(btn(/^Attack with \d|^No attack/), 'declare-attackers') ?? 'waiting';
  }
  if (phase === 'combat-block' && /^Declare blocks|^Now click/.test(title)) {
    const none = btn(/^No blocks/);
    if (none) return mark(none, 'no-blocks')!;
    const declare = btn(/^Declare \d+ block/);
    if (declare) return mark(declare, 'declare-blocks')!;
    return mark(btn(/^Make the required blocks/), 'required-blocks') ?? 'waiting';
  }
  if (buttons.length && prompt?.closest('.mid-main') && /choosing|^Waiting/.test(title) === false && !btn(/^Pass/)) {
    // A choice (may / search / trigger targets): the first option.
    return mark(buttons[0], 'choice')!;
  }
  const pass = btn(/^Pass/);
  if (pass) {
    const hand = mine.find((b) => {
      if (!b.closest('.hand')) return false;
      if (keepHighlights && phase === 'main' && b.querySelector('.t-highlight')) return false;
      const id = b.querySelector('[data-card-id]')?.getAttribute('data-card-id');
      return !tried[`${seq}:${id}`];
    });
    if (hand) {
      tried[`${seq}:${hand.querySelector('[data-card-id]')?.getAttribute('data-card-id')}`] = true;
      // A card with two uses (a highlight: play it, or place it) goes to the Star Pool by dragging it there with a
      // mouse: one gesture, where a click would open its menu. A finger taps and picks from the menu instead.
      if (phase === 'resource' && drag && hand.querySelector('.t-highlight')) return mark(hand, 'drag-star')!;
      return mark(hand, 'hand-card')!;
    }
    return mark(pass, 'pass')!;
  }
  return 'waiting';
}

/** The board the policy chose on (read in the same page turn as the choice, so it is the one clicked on). */
export interface BoardAt {
  turn: number;
  seq: string | null;
}

function boardAt(): BoardAt | null {
  const board = document.querySelector('.board');
  return board ? { turn: Number(board.getAttribute('data-turn') ?? 0), seq: board.getAttribute('data-seq') } : null;
}

/** How the policy presses controls: a mouse click, or a tap on a touch screen (a context with hasTouch). */
export interface PlayOptions {
  touch?: boolean;
  /** In the Main Step, leave highlights in the hand for combat (as the tutorial's coach advises). */
  keepHighlights?: boolean;
  /** With a mouse, drag a two-use card to the Star Pool (default); false: click it and pick from its menu. */
  drag?: boolean;
}

/** One decision: click the chosen control, or wait a little for the server. */
export async function playStep(
  page: Page,
  opts: PlayOptions = {},
): Promise<{ result: StepResult; what: string; at: BoardAt | null; clicked?: boolean; answered?: boolean }> {
  // As source text: TypeScript loaders may wrap named functions in a helper (__name) the page lacks.
  const { what, at } = (await page.evaluate(
    `(() => { const __name = (f) => f; const what = (${choose.toString()})(${opts.keepHighlights === true}, ${opts.touch !== true && opts.drag !== false}); return { what, at: (${boardAt.toString()})() }; })()`,
  )) as { what: string; at: BoardAt | null };
  if (what === 'over') return { result: 'over', what, at };
  if (what === 'waiting') {
    await page.waitForTimeout(40);
    return { result: 'waiting', what, at };
  }
  const seq = at?.seq ?? null;
  // A control can go away before the click lands (the server moved on): the caller may log it, and chooses again.
  const clicked = await (
    what === 'drag-star'
      ? dragTo(page, '[data-e2e-next="1"]', '.side-bottom .zone-stars')
      : opts.touch
        ? page.tap('[data-e2e-next="1"]', { timeout: 5000 })
        : page.click('[data-e2e-next="1"]', { timeout: 5000 })
  ).then(
    () => true,
    () => false,
  );
  // Wait for the answer: a new view, a menu, or aiming; never longer than a moment.
  // (Clicks that change only the page, such as an attacker added to a declaration, are never "answered" here.)
  const answered = await page
    .waitForFunction(
      (s) =>
        document.querySelector('.board')?.getAttribute('data-seq') !== s ||
        !!document.querySelector('.card-menu, .end-overlay') ||
        /choose target|pay the cost/.test(document.querySelector('.prompt-title')?.textContent ?? ''),
      seq,
      { timeout: 3000 },
    )
    .then(
      () => true,
      () => false,
    );
  if (what === 'hand-card' && !answered) {
    // A click on a hand card that opened nothing (the page was not ready for it: the card was still moving under
    // the pointer, say) is not a try: the card stays a candidate for two more clicks. Otherwise the policy would
    // move on to the next card, and the match would go another way than it does when the page keeps up.
    await page.evaluate((s) => {
      const w = window as unknown as { __tried?: Record<string, true>; __unanswered?: Record<string, number> };
      const key = `${s}:${document.querySelector('[data-e2e-next="1"] [data-card-id]')?.getAttribute('data-card-id')}`;
      const unanswered = (w.__unanswered ??= {});
      unanswered[key] = (unanswered[key] ?? 0) + 1;
      if (unanswered[key] <= 2 && w.__tried) delete w.__tried[key];
    }, seq);
  }
  return { result: 'acted', what, at, clicked, answered };
}

/** A mouse drag from one element's middle to another's, in small steps (drag and drop starts after a few pixels). */
async function dragTo(page: Page, from: string, to: string): Promise<void> {
  // A hand card rises while hovered: hover it first and measure it risen, or the press lands where it was.
  await page.locator(from).hover({ timeout: 5000 });
  await page.waitForTimeout(400);
  const a = await page.locator(from).boundingBox({ timeout: 5000 });
  const b = await page.locator(to).boundingBox({ timeout: 5000 });
  if (!a || !b) throw new Error('nothing to drag, or nowhere to drop it');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 12, a.y + a.height / 2 - 12, { steps: 3 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 8 });
  await page.mouse.up();
}

/** How long the policy may find nothing to do before the match counts as stuck (a bot moves in a few seconds). */
const STUCK_MS = 90_000;

/**
 * Plays until the match is over (or the step budget runs out). A match where nothing could be done for
 * `STUCK_MS` fails at once with what the page showed, instead of running into the test's timeout silently.
 */
export async function playToEnd(
  page: Page,
  budget = 4000,
  onStep?: (n: number, what: string) => Promise<void> | void,
  opts: PlayOptions = {},
): Promise<number> {
  let lastMove = Date.now();
  for (let n = 0; n < budget; n++) {
    const r = await playStep(page, opts);
    if (r.result === 'over') return n;
    if (r.result !== 'waiting') lastMove = Date.now();
    else if (Date.now() - lastMove > STUCK_MS) throw new Error(`the match is stuck (nothing to do for ${STUCK_MS / 1000} s): ${await pageState(page)}`);
    if (onStep) await onStep(n, r.what);
  }
  throw new Error(`the match did not end within the step budget: ${await pageState(page)}`);
}

/** What the page shows, for a failure's message: the board's phase, turn and seq, the prompt, the buttons. */
async function pageState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const board = document.querySelector('.board');
      const buttons = [...document.querySelectorAll('button')].filter((b) => (b as HTMLElement).offsetParent !== null);
      return JSON.stringify({
        url: location.hash,
        phase: board?.getAttribute('data-phase'),
        turn: board?.getAttribute('data-turn'),
        seq: board?.getAttribute('data-seq'),
        prompt: document.querySelector('.prompt-title')?.textContent,
        status: [...document.querySelectorAll('[role="status"], [role="alert"]')].map((e) => e.textContent).join(' | '),
        buttons: buttons.map((b) => b.getAttribute('aria-label') ?? b.textContent).slice(0, 30),
      });
    })
    .catch((e: unknown) => `(the page could not be read: ${String(e)})`);
}
