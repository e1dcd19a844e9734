/**
 * A raw HTTP request to a test server with headers exactly as given (fetch would set or refuse Host, and
 * cannot choose the local address to connect from): for the origin checks.
 */
import { request } from 'node:http';

export function rawHttp(o: {
  host: string;
  port: number;
  method?: string;
  path: string;
  headers?: Record<string, string>;
}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: o.host, port: o.port, method: o.method ?? 'GET', path: o.path, headers: o.headers ?? {} }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}
