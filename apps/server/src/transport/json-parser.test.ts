import { describe, expect, it } from 'vitest';
import { Encoder, PacketType } from 'socket.io-parser';
import { JsonEncoder } from './json-parser.js';

describe('the JSON-only encoder', () => {
  it('writes exactly what the default encoder writes for packets without binary data', () => {
    const view = {
      roomId: 'r1',
      seq: 7,
      view: { zones: [{ id: 'c1', def: 'x', n: [1, 2, { deep: null }] }] },
      events: [],
      legal: [{ type: 'pass' }],
      full: false,
    };
    const packets = [
      { type: PacketType.EVENT, nsp: '/', data: ['match:view', view] },
      { type: PacketType.ACK, nsp: '/', id: 12, data: [{ ok: true, seq: 8 }] },
      { type: PacketType.CONNECT, nsp: '/', data: { sid: 'abc' } },
      { type: PacketType.EVENT, nsp: '/admin', data: ['x', 'é ✓ "quoted"'] },
    ];
    for (const p of packets) expect(new JsonEncoder().encode(p)).toEqual(new Encoder().encode(p));
  });

  it('never walks the payload for binary data (a getter deep inside is read once, by JSON.stringify)', () => {
    let reads = 0;
    const payload = {
      get deep() {
        reads++;
        return [1, 2, 3];
      },
    };
    new JsonEncoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['e', payload] });
    expect(reads).toBe(1);
    reads = 0;
    new Encoder().encode({ type: PacketType.EVENT, nsp: '/', data: ['e', payload] });
    expect(reads).toBeGreaterThan(1);
  });
});
