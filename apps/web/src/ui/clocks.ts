/** The clock choices offered for bot matches, rooms and challenges, and how a clock is said. */
import type { ClockConfig } from '@vroyale/protocol';
import { t as translate } from '../i18n';

export const CLOCKS: (ClockConfig | undefined)[] = [
  undefined,
  { initialMs: 180_000, incrementMs: 2_000 },
  { initialMs: 300_000, incrementMs: 3_000 },
  { initialMs: 600_000, incrementMs: 5_000 },
  { initialMs: 1_800_000, incrementMs: 10_000 },
];

/** No clock at all: offered for bot matches (the default there), private rooms and challenges; a public room needs a clock. */
export const UNTIMED: ClockConfig = { untimed: true };
/** The clock selects' value for UNTIMED (the others are indexes into CLOCKS). */
export const UNTIMED_IDX = -1;

export const clockAt = (idx: number): ClockConfig | undefined => (idx === UNTIMED_IDX ? UNTIMED : CLOCKS[idx]);

export function clockText(c: ClockConfig | undefined): string {
  if (!c) return translate('lobby.clockDefault');
  // The protocol's isUntimed, without importing client-payloads.ts (its schemas would join the lobby's first page).
  if ('untimed' in c) return translate('pace.untimed');
  return translate('lobby.clockText', { min: Math.round(c.initialMs / 60000), s: c.incrementMs / 1000 });
}
