/**
 * Whose connection is this: the address every per-address limit and cap is keyed by.
 * - Behind a reverse proxy or load balancer every socket comes from the proxy. `VROYALE_TRUST_PROXY` lists the
 *   proxies (addresses, CIDR ranges, or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`); the address
 *   is then the nearest untrusted hop in X-Forwarded-For. proxy-addr is the library Express's own `trust proxy`
 *   uses, so both read the header the same way. Trusting nobody (the default) ignores the header: a client
 *   could write anything in it.
 * - An IPv6 client usually holds a whole /64, so IPv6 addresses are keyed by their /64 prefix; an IPv4 address
 *   mapped into IPv6 (::ffff:a.b.c.d) is keyed as the IPv4 address.
 */
import type { IncomingMessage } from 'node:http';
import { isIPv6 } from 'node:net';
import proxyaddr from 'proxy-addr';

export type TrustProxy = (addr: string, hop: number) => boolean;

export function trustProxy(list: readonly string[]): TrustProxy {
  return proxyaddr.compile([...list]);
}

function expand(ip: string): string[] {
  const [head, tail] = ip.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right];
}

/** The key of an address: IPv4 as is (also when mapped into IPv6), IPv6 as its /64 prefix. */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return ip;
  const groups = expand(bare.toLowerCase());
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The client's address key for an HTTP request (a handshake, an upgrade). */
export function clientAddress(req: IncomingMessage, trust: TrustProxy): string {
  return addressKey(proxyaddr(req as Parameters<typeof proxyaddr>[0], trust));
}
