import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { addressKey, clientAddress, trustProxy } from './client-address.js';

const req = (remote: string, xff?: string) =>
  ({ socket: { remoteAddress: remote }, connection: { remoteAddress: remote }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as unknown as IncomingMessage;

describe('client address (per-address limits)', () => {
  it('keys IPv4 as is, mapped IPv4 as IPv4, IPv6 by its /64', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8::2')).toBe(addressKey('2001:db8::ffff:1'));
    expect(addressKey('2001:db8:0:2::1')).not.toBe(addressKey('2001:db8:0:1::1'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('ignores X-Forwarded-For unless the peer is a trusted proxy', () => {
    const nobody = trustProxy([]);
    expect(clientAddress(req('198.51.100.7', '203.0.113.9'), nobody)).toBe('198.51.100.7');
    const lb = trustProxy(['loopback']);
    expect(clientAddress(req('127.0.0.1', '203.0.113.9'), lb)).toBe('203.0.113.9');
    // A client that writes its own X-Forwarded-For through the proxy gets the hop the proxy saw, not its claim.
    expect(clientAddress(req('127.0.0.1', '10.9.9.9, 203.0.113.9'), lb)).toBe('203.0.113.9');
    expect(clientAddress(req('198.51.100.7', '203.0.113.9'), lb)).toBe('198.51.100.7');
  });
});
