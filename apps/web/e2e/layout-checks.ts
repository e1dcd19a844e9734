/**
 * What a player would call a broken playmat, read from the page in one turn (issue 30's measured points): card
 * names cut off on the stage or in the hand, a page wider than the screen, controls under 44 px on a touch
 * screen, a manager without a star counter, a "Your move" prompt with nothing to press. Used by
 * `measure-layout.ts` (every view of a match at four sizes) and by the e2e tests.
 */
import type { Page } from 'playwright-core';

export interface LayoutFaults {
  /** Card names whose text is wider or taller than their box (on the stage or in your hand). */
  truncatedNames: string[];
  /** The page is wider than the viewport (sideways scrolling, or a zoomed-out mobile page). */
  horizontalScroll: number;
  /** What sticks out past the right edge when it is. */
  outside: string[];
  /** Visible controls smaller than 44×44 CSS px (checked on touch screens only). */
  smallTargets: string[];
  /** Managers whose "★ available / total" counter is missing. */
  missingStarCounters: number;
  /** A prompt saying it is your move while no control is enabled. */
  yourMoveWithoutControl: number;
}

/** The controls a player presses (cards included when they can be pressed). */
export const CONTROLS = [
  '.topbar button',
  '.topbar a.btn',
  '.topbar select',
  '.prompt .options button',
  '.card-menu [role="menuitem"]',
  '.menu-sheet button',
  '.menu-sheet select',
  '.tabs [role="tab"]',
  'button.pile',
  'button.star-stack',
  '.side-bottom .hand .slot-btn[role="button"]',
  '.zone .slot-btn[role="button"]',
  '.end-card button',
  '.end-card a',
].join(', ');

/** Runs in the page: see `LayoutFaults`. Source text, so TypeScript loader helpers never reach the page. */
function readFaults(controls: string, touch: boolean): LayoutFaults {
  const visible = (el: Element) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  };
  const truncatedNames: string[] = [];
  for (const el of document.querySelectorAll('.side .zone-cards .c-name, .side-bottom .hand .c-name')) {
    if (!visible(el)) continue;
    const h = el as HTMLElement;
    if (h.scrollWidth > h.clientWidth + 1 || h.scrollHeight > h.clientHeight + 1)
      truncatedNames.push(`${h.textContent} ${h.scrollWidth}/${h.clientWidth}×${h.scrollHeight}/${h.clientHeight}`);
  }
  const doc = document.documentElement;
  const horizontalScroll = Math.max(0, doc.scrollWidth - window.innerWidth, document.body.scrollWidth - window.innerWidth);
  // What sticks out, for fixing: the outermost elements whose box passes the right edge.
  const outside = horizontalScroll
    ? [...document.querySelectorAll('body *')]
        .filter(
          (el) =>
            el.getBoundingClientRect().right > window.innerWidth + 1 && !el.parentElement?.closest('[data-out]') && getComputedStyle(el).position !== 'fixed',
        )
        .slice(0, 3)
        .map(
          (el) => `${el.tagName.toLowerCase()}.${String((el as HTMLElement).className).replace(/\s+/g, '.')} →${Math.round(el.getBoundingClientRect().right)}`,
        )
    : [];
  const smallTargets: string[] = [];
  if (touch)
    for (const el of document.querySelectorAll(controls)) {
      const h = el as HTMLElement;
      if (!visible(h) || h.closest('[inert], [aria-hidden="true"]')) continue;
      if (h.offsetWidth < 44 || h.offsetHeight < 44)
        smallTargets.push(`${h.className} "${(h.getAttribute('aria-label') || h.textContent || '').slice(0, 30)}" ${h.offsetWidth}×${h.offsetHeight}`);
    }
  const board = document.querySelector('.board');
  // Each manager's side shows a star counter (where it sits depends on the screen: the Star Pool zone, or beside
  // the manager on an upright phone).
  const missingStarCounters = board
    ? [...document.querySelectorAll('.board .side')].filter((side) => ![...side.querySelectorAll('.star-counter')].some(visible)).length
    : 0;
  let yourMoveWithoutControl = 0;
  const title = document.querySelector('.prompt .prompt-title')?.textContent ?? '';
  if (/your move/i.test(title)) {
    const enabled = [...document.querySelectorAll('.prompt button, .side-bottom .slot.actionable .slot-btn, .card-menu button')].some(
      (b) => !(b as HTMLButtonElement).disabled,
    );
    if (!enabled) yourMoveWithoutControl = 1;
  }
  return { truncatedNames, horizontalScroll, outside, smallTargets, missingStarCounters, yourMoveWithoutControl };
}

export async function layoutFaults(page: Page, touch: boolean): Promise<LayoutFaults> {
  return (await page.evaluate(
    `(() => { const __name = (f) => f; return (${readFaults.toString()})(${JSON.stringify(CONTROLS)}, ${touch}); })()`,
  )) as LayoutFaults;
}
