/**
 * HTTP API refusals for people, by the body's `error` code (the server's English `message` is for tools; a
 * `bad-request` keeps it in English, where it says exactly which field is wrong). A throttled request says how
 * long to wait, from its Retry-After header.
 */
import type { ApiErrorCode } from '@vroyale/protocol';
import { language, t } from '../i18n';
import type { ApiResult } from './api';

const tx = t as unknown as (key: string, o?: Record<string, unknown>) => string;

const KNOWN: readonly ApiErrorCode[] = [
  'username-taken',
  'bad-credentials',
  'not-signed-in',
  'already-registered',
  'banned',
  'too-many-sessions',
  'too-many-decks',
  'not-found',
  'forbidden',
];

/** A wait in words: "40 s", "3 min" (rounded up: never tell someone to come back too early). */
export function waitText(seconds: number): string {
  if (seconds < 60) return t('account.waitSeconds', { count: Math.max(1, Math.ceil(seconds)) });
  return t('account.waitMinutes', { count: Math.ceil(seconds / 60) });
}

export function apiErrorText(r: Extract<ApiResult<unknown>, { ok: false }>): string {
  if (r.status === 0) return t('errors.offline');
  const code = r.error.error;
  if (code === 'too-many-attempts') return r.retryAfterS ? t('account.error.tooManyWait', { wait: waitText(r.retryAfterS) }) : t('account.error.tooMany');
  if (KNOWN.includes(code)) return tx(`account.error.${code}`);
  if (code === 'bad-request' && language() === 'en' && r.error.message) return r.error.message;
  return t('account.error.other');
}
