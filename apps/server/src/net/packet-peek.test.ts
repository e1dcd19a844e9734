import { describe, expect, it } from 'vitest';
import { Encoder, PacketType } from 'socket.io-parser';
import { ackPacket, peekPacket } from './packet-peek.js';

const encode = (packet: Parameters<Encoder['encode']>[0]) => new Encoder().encode(packet)[0] as string;

describe('packet peek', () => {
  it("reads an event's ack id and name as socket.io-parser writes them", () => {
    expect(peekPacket(encode({ type: PacketType.EVENT, nsp: '/', id: 17, data: ['room:chat', { roomId: 'r', text: '"]' }] }))).toEqual({
      kind: 'event',
      ackId: '17',
      event: 'room:chat',
    });
    expect(peekPacket(encode({ type: PacketType.EVENT, nsp: '/', data: ['hello', { name: 'A' }] }))).toEqual({ kind: 'event', ackId: null, event: 'hello' });
    // A name with escapes is left to the decoder (its name is '' here: counted, never refused by name).
    expect(peekPacket('223["he\\"llo",{}]')).toEqual({ kind: 'event', ackId: '23', event: null });
  });

  it("tells Socket.IO's own packets and everything else apart", () => {
    expect(peekPacket(encode({ type: PacketType.CONNECT, nsp: '/' }))).toEqual({ kind: 'control' });
    expect(peekPacket('1')).toEqual({ kind: 'control' });
    expect(peekPacket('0/admin,')).toEqual({ kind: 'other' });
    expect(peekPacket('2/admin,["x"]')).toEqual({ kind: 'other' });
    expect(peekPacket(encode({ type: PacketType.ACK, nsp: '/', id: 3, data: [] }))).toEqual({ kind: 'other' });
    expect(peekPacket('51-["x",{"_placeholder":true,"num":0}]')).toEqual({ kind: 'other' });
    expect(peekPacket(Buffer.from('2["x"]'))).toEqual({ kind: 'other' });
    expect(peekPacket('2' + '9'.repeat(20) + '["x"]')).toEqual({ kind: 'other' });
    expect(peekPacket('garbage')).toEqual({ kind: 'other' });
  });

  it('writes the ack packet socket.io-parser would', () => {
    const refusal = { ok: false as const, code: 'rate-limited', message: 'Too many "messages"; slow down' };
    expect(ackPacket('42', refusal)).toBe(encode({ type: PacketType.ACK, nsp: '/', id: 42, data: [refusal] }));
    expect(ackPacket('7', refusal)).toBe(encode({ type: PacketType.ACK, nsp: '/', id: 7, data: [refusal] }));
  });
});
