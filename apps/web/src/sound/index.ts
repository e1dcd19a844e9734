/**
 * Sound, wired to the store: each new view of the room on screen is judged by `soundsFor` and its sounds
 * played with this browser's volume, unless muted. The player and the files load only when first needed.
 */
import { settings } from '../settings';
import { store } from '../store';
import { parseRoute } from '../ui/route';
import { soundsFor, type Sound } from './decide';

declare global {
  interface Window {
    /** The sounds this page has played (for tests). */
    __vroyaleSounds?: Sound[];
  }
}

export function playSound(name: Sound): void {
  const s = settings.getState();
  if (s.muted || s.volume === 0) return;
  (window.__vroyaleSounds ??= []).push(name);
  void import('./player').then((p) => p.play(name, s.volume)).catch(() => undefined);
}

export function watchSounds(): void {
  store.subscribe((st, prev) => {
    if (st.views === prev.views) return;
    const r = parseRoute(location.hash, location.pathname);
    if (r.name !== 'room') return;
    const next = st.views[r.id];
    if (!next || next === prev.views[r.id]) return;
    // Several at once (damage, then your turn): one after another, not on top of each other.
    soundsFor(prev.views[r.id], next).forEach((s, i) => (i ? setTimeout(() => playSound(s), i * 220) : playSound(s)));
  });
}
