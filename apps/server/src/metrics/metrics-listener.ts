/**
 * The metrics endpoint: `GET /metrics` (Prometheus text format) on a listener of its own, never on the public
 * port. Off unless VROYALE_METRICS_PORT is set, and bound to VROYALE_METRICS_HOST (127.0.0.1 by default):
 * the numbers show load and memory, and a scrape costs a walk over the rooms, so nobody outside should be able
 * to read them or make us compute them. A Prometheus elsewhere needs the host set to an interface it can reach
 * (and a firewall in front); the public port has no way in at all.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';
import type { Logger } from '../logger.js';

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsListener(registry: Registry, host: string, port: number, log: Logger): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://metrics');
    if (req.method !== 'GET' || url.pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    // ?gc=1 under node --expose-gc (the load benchmark): memory after a full collection, i.e. live data only.
    const gc = (globalThis as { gc?: () => void }).gc;
    if (url.searchParams.get('gc') === '1' && gc) gc();
    registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (e: unknown) => {
        log.error({ err: e }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  log.info({ metricsPort: bound, metricsHost: host }, 'metrics listening');
  return {
    port: bound,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
