/**
 * This browser's interface settings (issue 16 §4): animations, sound and the clock warning, kept in
 * localStorage as one versioned JSON object checked with zod; anything missing, broken or from an unknown
 * version gives the defaults. Stop settings (net/stops.ts) and the language (i18n/index.ts) keep their own
 * keys: the server and i18next read those. The settings dialog is `ui/settings-dialog.tsx`.
 */
import { z } from 'zod';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export const SETTINGS_KEY = 'vroyale.settings';

export const Settings = z.object({
  v: z.literal(1),
  /** 'system' follows prefers-reduced-motion. */
  animations: z.enum(['system', 'on', 'off']),
  /** 0..1 */
  volume: z.number().min(0).max(1),
  muted: z.boolean(),
  /** Your clock warns at this many seconds left; 0 never. */
  clockWarnSeconds: z.number().int().min(0).max(600),
});
export type Settings = z.infer<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = { v: 1, animations: 'system', volume: 0.6, muted: false, clockWarnSeconds: 30 };

/** Parses saved text; the defaults for anything that does not fit. */
export function parseSettings(text: string | null): Settings {
  if (!text) return DEFAULT_SETTINGS;
  try {
    const r = Settings.safeParse(JSON.parse(text));
    return r.success ? r.data : DEFAULT_SETTINGS;
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
  const next = Settings.parse({ ...settings.getState(), ...patch });
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
