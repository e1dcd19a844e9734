/**
 * The card zoom on touch screens: a long press (LONG_PRESS_MS without moving) opens it, swallows the click that
 * would follow, and the next touch anywhere closes it. A mouse shows it on hover instead, where a mouse can
 * hover (`canHover`), and ignores the mouse events browsers make up around taps.
 */
import type React from 'react';

/** Whether a mouse can hover here (touch-only screens get the zoom by a long press instead). */
export const canHover = (): boolean => typeof matchMedia !== 'function' || matchMedia('(any-hover: hover)').matches;

/** How long a finger rests on a card before its zoom opens. */
export const LONG_PRESS_MS = 450;

export interface LongPress {
  x: number;
  y: number;
  fired: boolean;
  timer: number;
}

/** Stops a press's timer; a press that fired is kept (when `keepFired`) until its click has been swallowed. */
export function endPress(ref: { current: LongPress | null }, keepFired: boolean): void {
  const p = ref.current;
  if (!p) return;
  window.clearTimeout(p.timer);
  if (!(keepFired && p.fired)) ref.current = null;
}

/** Pointer handlers that call `show(el)` on hover or a long press and `hide()` when it ends. */
export function zoomHandlers(
  press: { current: LongPress | null },
  show: (el: HTMLElement) => void,
  hide: () => void,
  hovering: () => boolean,
): React.HTMLAttributes<HTMLDivElement> {
  return {
    onPointerEnter: (e) => void (e.pointerType === 'mouse' && canHover() && show(e.currentTarget)),
    onPointerMove: (e) => {
      if (e.pointerType === 'mouse') return void (!hovering() && canHover() && show(e.currentTarget));
      const p = press.current;
      if (p && !p.fired && Math.hypot(e.clientX - p.x, e.clientY - p.y) > 10) endPress(press, false);
    },
    onPointerLeave: (e) => void (e.pointerType === 'mouse' && hide()),
    onPointerDown: (e) => {
      if (e.pointerType === 'mouse') return;
      endPress(press, false);
      const el = e.currentTarget;
      const p: LongPress = { x: e.clientX, y: e.clientY, fired: false, timer: 0 };
      p.timer = window.setTimeout(() => {
        p.fired = true;
        show(el);
        window.setTimeout(() => document.addEventListener('pointerdown', () => hide(), { capture: true, once: true }), 0);
      }, LONG_PRESS_MS);
      press.current = p;
    },
    onPointerUp: () => endPress(press, true),
    onPointerCancel: () => endPress(press, true),
    onClickCapture: (e) => {
      if (press.current?.fired) {
        e.stopPropagation();
        e.preventDefault();
      }
      press.current = null;
    },
    onContextMenu: (e) => void (press.current && e.preventDefault()),
  };
}
