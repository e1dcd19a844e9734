/**
 * This browser's interface settings (issue 16 §4): animations, sound and the clock warning, kept in
 * localStorage as one versioned JSON object, checked by `settingsFrom`; anything missing, broken or from an unknown
 * version gives the defaults. Stop settings (net/stops.ts) and the language (i18n/index.ts) keep their own
 * keys: the server and i18next read those. The settings dialog is `ui/settings-dialog.tsx`.
 */
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { isPlainObject } from './net/settings-check';

export const SETTINGS_KEY = 'vroyale.settings';

export interface Settings {
  v: 1;
  /** 'system' follows prefers-reduced-motion. */
  animations: 'system' | 'on' | 'off';
  /** 0..1 */
  volume: number;
  muted: boolean;
  /** Your clock warns at this many seconds left; 0 never. */
  clockWarnSeconds: number;
}

const ANIMATIONS: readonly unknown[] = ['system', 'on', 'off'] satisfies Settings['animations'][];

/**
 * The settings in `x`, or null when they do not fit (unknown keys are dropped). Written out rather than a zod
 * schema: this file is on the lobby's first page, which holds no zod (net/settings-check.ts says why).
 */
export function settingsFrom(x: unknown): Settings | null {
  if (!isPlainObject(x)) return null;
  const { v, animations, volume, muted, clockWarnSeconds } = x;
  if (v !== 1 || !ANIMATIONS.includes(animations) || typeof muted !== 'boolean') return null;
  if (typeof volume !== 'number' || !(volume >= 0 && volume <= 1)) return null;
  if (!Number.isSafeInteger(clockWarnSeconds) || (clockWarnSeconds as number) < 0 || (clockWarnSeconds as number) > 600) return null;
  return { v, animations: animations as Settings['animations'], volume, muted, clockWarnSeconds: clockWarnSeconds as number };
}

export const DEFAULT_SETTINGS: Settings = { v: 1, animations: 'system', volume: 0.6, muted: false, clockWarnSeconds: 30 };

/** Parses saved text; the defaults for anything that does not fit. */
export function parseSettings(text: string | null): Settings {
  if (!text) return DEFAULT_SETTINGS;
  try {
    return settingsFrom(JSON.parse(text)) ?? DEFAULT_SETTINGS;
  } catch {
    return DEFAULT_SETTINGS;
  }
}

function load(): Settings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export const settings = createStore<Settings>()(() => (typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : load()));

export function useSettings<T>(selector: (s: Settings) => T): T {
  return useStore(settings, selector);
}

export function changeSettings(patch: Partial<Omit<Settings, 'v'>>): void {
  const next = settingsFrom({ ...settings.getState(), ...patch });
  if (!next) throw new Error(`VRoyale: settings out of range: ${JSON.stringify(patch)}`);
  settings.setState(next, true);
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // private mode: the choice lasts this page only
  }
}

const reducedQuery = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null);

/** Whether to animate now: the setting, or the system's preference when it says 'system'. */
export function animationsOn(s: Settings = settings.getState()): boolean {
  if (s.animations !== 'system') return s.animations === 'on';
  return !reducedQuery()?.matches;
}

/** Keeps `html.no-motion` (motion.css: no CSS animation or transition at all) in step with the setting. */
export function watchMotionClass(): void {
  const apply = () => document.documentElement.classList.toggle('no-motion', !animationsOn());
  apply();
  settings.subscribe(apply);
  reducedQuery()?.addEventListener('change', apply);
}
