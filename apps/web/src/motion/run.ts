/**
 * Plays `planMotion` on the playmat with the Web Animations API (transform and opacity only). FLIP: when a
 * new view reaches the store, before React renders it, the places the batch's cards had are measured (and
 * copies made of cards about to vanish into a pile); in the next animation frame, after React's commit and
 * before the browser paints, each moved card is played from its old place to its new one.
 *
 * Nothing runs when animations are off (the setting, or the system's reduced motion under 'system'); every
 * animation is tagged `id = 'motion:…'` (the e2e suite counts them with `document.getAnimations()`).
 */
import type { CardLocation, ManagerId } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { animationsOn } from '../settings';
import { store } from '../store';
import { parseRoute } from '../ui/route';
import { intoPile, planMotion, type Motion } from './plan';

const ZONE: Partial<Record<CardLocation, string>> = {
  hand: '.hand',
  roster: '.pile-roster',
  graduation: '.pile-grad',
  hiatus: '.pile-grad',
  'star-pool': '.zone-stars',
  backstage: '.zone-back',
  centre: '.zone-centre',
  main: '.zone-main',
};

const EASE = 'cubic-bezier(0.2, 0.7, 0.2, 1)';

declare global {
  interface Window {
    /** How many animations this page has started (for tests). */
    __vroyaleMotion?: number;
  }
}

function cardEl(board: Element, id: string): HTMLElement | null {
  if (!id) return null;
  const el = board.querySelector<HTMLElement>(`[data-card-id="${CSS.escape(id)}"]`);
  // The whole slot moves (its marker and badges with it); a card in the stack panel has no slot.
  return el ? (el.closest<HTMLElement>('.slot') ?? el) : null;
}

function zoneEl(board: Element, owner: ManagerId, zone: CardLocation): HTMLElement | null {
  if (zone === 'stack') return board.querySelector('.stack-panel') ?? board.querySelector('.mid-main');
  const sel = ZONE[zone];
  return sel ? board.querySelector<HTMLElement>(`.side[data-manager="${owner}"] ${sel}`) : null;
}

const stackEl = (board: Element, item: string) => board.querySelector<HTMLElement>(`.stack-panel li[data-stack-id="${CSS.escape(item)}"]`);

function animate(el: Element, frames: Keyframe[], ms: number, what: string, easing = EASE): Animation {
  const a = el.animate(frames, { duration: ms, easing });
  a.id = `motion:${what}`;
  window.__vroyaleMotion = (window.__vroyaleMotion ?? 0) + 1;
  return a;
}

/** A copy of an element about to leave the page, fixed where it is now, for the frames after. */
function ghost(el: HTMLElement, r: DOMRect): HTMLElement {
  const g = el.cloneNode(true) as HTMLElement;
  for (const x of [g, ...g.querySelectorAll('*')]) {
    x.removeAttribute('data-card-id');
    x.removeAttribute('id');
    x.removeAttribute('tabindex');
    x.removeAttribute('role');
  }
  g.setAttribute('aria-hidden', 'true');
  g.classList.add('motion-ghost');
  Object.assign(g.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
  return g;
}

const centre = (r: DOMRect) => ({ x: r.left + r.width / 2, y: r.top + r.height / 2 });

interface Before {
  rects: Map<string, DOMRect>;
  ghosts: Map<string, HTMLElement>;
}

/** Measures what the batch will need from the page as it is now (the old view). */
function measure(board: Element, plan: Motion[]): Before {
  const rects = new Map<string, DOMRect>();
  const ghosts = new Map<string, HTMLElement>();
  plan.forEach((m, i) => {
    if (m.kind === 'move') {
      const el = cardEl(board, m.from) ?? zoneEl(board, m.owner, m.fromZone);
      if (!el) return;
      const r = el.getBoundingClientRect();
      rects.set(`m${i}`, r);
      if (intoPile(m) && m.from && el.matches('.slot, .card')) ghosts.set(`m${i}`, ghost(el, r));
    } else if (m.kind === 'stack-off') {
      const el = stackEl(board, m.item);
      if (el) ghosts.set(`s${i}`, ghost(el, el.getBoundingClientRect()));
    }
  });
  return { rects, ghosts };
}

function floatNumber(at: DOMRect, amount: number, cls: string): void {
  const n = document.createElement('div');
  n.className = `motion-float ${cls}`;
  n.setAttribute('aria-hidden', 'true');
  n.textContent = amount > 0 ? `+${amount}` : `${amount}`;
  const c = centre(at);
  Object.assign(n.style, { left: `${c.x}px`, top: `${c.y}px` });
  document.body.append(n);
  const a = animate(
    n,
    [
      { transform: 'translate(-50%, -50%) scale(0.8)', opacity: 0 },
      { transform: 'translate(-50%, -90%) scale(1.15)', opacity: 1, offset: 0.2 },
      { transform: 'translate(-50%, -260%)', opacity: 0 },
    ],
    950,
    'damage',
    'ease-out',
  );
  a.onfinish = a.oncancel = () => n.remove();
}

function flyGhost(g: HTMLElement, to: HTMLElement | null, from: DOMRect, what: string, ms: number): void {
  document.body.append(g);
  const frames: Keyframe[] = [{ transform: 'none', opacity: 1 }];
  if (to) {
    const a = centre(from);
    const b = centre(to.getBoundingClientRect());
    frames.push({ transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) scale(0.35)`, opacity: 0 });
  } else frames.push({ transform: 'scale(0.7)', opacity: 0 });
  const anim = animate(g, frames, ms, what, 'ease-in');
  anim.onfinish = anim.oncancel = () => g.remove();
}

/** Plays the batch on the page as it is now (the new view), from what was measured before. */
function play(board: Element, plan: Motion[], before: Before): void {
  plan.forEach((m, i) => {
    switch (m.kind) {
      case 'move': {
        const from = before.rects.get(`m${i}`);
        const g = before.ghosts.get(`m${i}`);
        if (g && from) {
          const grad = m.toZone === 'graduation';
          if (grad) g.classList.add('graduating');
          const pile = zoneEl(board, m.owner, m.toZone);
          flyGhost(g, pile, from, grad ? 'graduation' : 'leave', grad ? 650 : 420);
          if (pile && grad)
            animate(pile, [{ transform: 'scale(1)' }, { transform: 'scale(1.14)', offset: 0.7 }, { transform: 'scale(1)' }], 650, 'graduation-pile');
          return;
        }
        const el = cardEl(board, m.to);
        if (!el || !from) return;
        const to = el.getBoundingClientRect();
        if (!to.width) return;
        const a = centre(from);
        const b = centre(to);
        const fromCard = !!m.from && from.width < to.width * 3;
        const s = fromCard ? Math.min(2, Math.max(0.4, from.width / to.width)) : 0.6;
        animate(
          el,
          [
            { transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${s})`, opacity: fromCard ? 1 : 0 },
            { transform: 'none', opacity: 1 },
          ],
          380,
          'move',
        );
        return;
      }
      case 'attack': {
        const el = cardEl(board, m.card);
        if (!el) return;
        const dir = el.closest('.side-top') ? 1 : -1;
        animate(el, [{ transform: 'none' }, { transform: `translateY(${dir * 22}px) scale(1.05)`, offset: 0.4 }, { transform: 'none' }], 420, 'attack');
        return;
      }
      case 'block': {
        const el = cardEl(board, m.card);
        const target = cardEl(board, m.attacker);
        if (!el || !target) return;
        const a = centre(el.getBoundingClientRect());
        const b = centre(target.getBoundingClientRect());
        const d = Math.hypot(b.x - a.x, b.y - a.y) || 1;
        const k = 18 / d;
        animate(
          el,
          [{ transform: 'none' }, { transform: `translate(${(b.x - a.x) * k}px, ${(b.y - a.y) * k}px)`, offset: 0.4 }, { transform: 'none' }],
          420,
          'block',
        );
        return;
      }
      case 'damage': {
        const el = cardEl(board, m.card);
        if (el) floatNumber(el.getBoundingClientRect(), -m.amount, 'on-card');
        return;
      }
      case 'sanity': {
        const el = board.querySelector<HTMLElement>(`.side[data-manager="${m.manager}"] .manager-badge`);
        if (el) floatNumber(el.getBoundingClientRect(), m.amount, m.amount < 0 ? 'on-manager' : 'on-manager gain');
        return;
      }
      case 'stack-on': {
        const el = stackEl(board, m.item);
        if (el)
          animate(
            el,
            [
              { transform: 'translateX(28px) scale(0.92)', opacity: 0 },
              { transform: 'none', opacity: 1 },
            ],
            360,
            'stack-on',
          );
        return;
      }
      case 'stack-off': {
        const g = before.ghosts.get(`s${i}`);
        if (!g) return;
        document.body.append(g);
        const a = animate(
          g,
          [
            { transform: 'none', opacity: 1 },
            { transform: 'translateX(-28px) scale(0.92)', opacity: 0 },
          ],
          360,
          'stack-off',
          'ease-in',
        );
        a.onfinish = a.oncancel = () => g.remove();
        return;
      }
    }
  });
}

/** Which room's view the page shows (the route), so a view for another room never animates this board. */
function shownRoom(): string | null {
  const r = parseRoute(location.hash, location.pathname);
  return r.name === 'room' ? r.id : null;
}

/** Subscribes to the store once, at start-up, ahead of React (so it measures the old page). */
export function watchMotion(): void {
  store.subscribe((st, prev) => {
    if (st.views === prev.views || !animationsOn()) return;
    const roomId = shownRoom();
    const m: ViewMessage | undefined = roomId ? st.views[roomId] : undefined;
    const old = roomId ? prev.views[roomId] : undefined;
    if (!m || !old || m === old || m.full || old.matchId !== m.matchId) return;
    const board = document.querySelector('.board');
    if (!board) return;
    const plan = planMotion(m.events);
    if (!plan.length) return;
    const before = measure(board, plan);
    requestAnimationFrame(() => {
      const now = document.querySelector('.board');
      if (now && animationsOn()) play(now, plan, before);
    });
  });
}
