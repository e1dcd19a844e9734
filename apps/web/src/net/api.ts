/**
 * The HTTP API (docs/api.md): JSON, same origin, with the session cookie (httpOnly: script never sees it; the
 * browser sends it and the Origin header the server checks on writes). Every call resolves, never throws: a
 * refusal comes back as the server's `ApiError` body, a network failure as a made-up one with status 0.
 */
import type { ApiError } from '@vroyale/protocol';

export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiError; retryAfterS: number | null };

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, error: { error: 'bad-request', message: 'offline' }, retryAfterS: null };
  }
  const text = await res.text().catch(() => '');
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  if (res.ok) return { ok: true, status: res.status, data: json as T };
  const retry = Number(res.headers.get('retry-after'));
  const err =
    json && typeof json === 'object' && 'error' in json
      ? (json as ApiError)
      : { error: res.status === 404 ? 'not-found' : 'bad-request', message: `HTTP ${res.status}` };
  return { ok: false, status: res.status, error: err as ApiError, retryAfterS: Number.isFinite(retry) && retry > 0 ? retry : null };
}

/** Path segments from people (usernames, deck ids) are encoded, so a name can never steer the request elsewhere. */
export const seg = (s: string): string => encodeURIComponent(s);
