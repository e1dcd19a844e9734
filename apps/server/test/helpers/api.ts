/** JSON requests to a test server's HTTP API as a session (Bearer token from a socket hello): auth-http's `api`, argument order of the deck and block tests. */
import { api as request } from './auth-http.js';

export async function api(
  url: string,
  token: string | undefined,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: any; headers: Headers }> {
  return request(url, path, {
    method,
    ...(token ? { bearer: token } : {}),
    ...(typeof body === 'string' ? { rawBody: body } : body !== undefined ? { body } : {}),
  });
}
