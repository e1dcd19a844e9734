import { PassThrough, type Writable } from 'node:stream';
import * as ws from 'ws';
import { describe, expect, it } from 'vitest';
import { ReadGate } from './read-gate.js';

/** ws's own frame parser (exported by ws, missing from its type definitions). */
const Receiver = (ws as unknown as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => Writable }).Receiver;

/** A client's masked text frame (RFC 6455 §5.2), with a mask key that actually changes the bytes. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const key = Buffer.from([1, 2, 3, 4]);
  const head =
    n < 126
      ? Buffer.from([0x81, 0x80 | n])
      : n < 65_536
        ? Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127, 0, 0, 0, 0]), Buffer.from([(n >>> 24) & 255, (n >> 16) & 255, (n >> 8) & 255, n & 255])]);
  return Buffer.concat([head, key, payload.map((b, i) => b ^ key[i % 4]!)]);
}

/** A gate in front of ws's own parser, recording the messages it emits. */
function harness(maxPayload = 64 * 1024) {
  const socket = new PassThrough();
  const receiver = new Receiver({ isServer: true, maxPayload });
  const messages: string[] = [];
  const errors: string[] = [];
  receiver.on('message', (data: Buffer) => messages.push(data.toString()));
  receiver.on('error', (e: Error) => errors.push(e.message));
  const gate = new ReadGate(socket, (chunk) => void receiver.write(chunk), maxPayload);
  return { socket, gate, messages, errors };
}

describe('read gate', () => {
  it('hands ws one whole frame at a time, across reads that cut frames anywhere', () => {
    const h = harness();
    const long = 'x'.repeat(300); // a 16-bit length
    const bytes = Buffer.concat([frame('40'), frame('42["a"]'), frame(long), frame('42["b"]')]);
    h.gate.own(() => {});
    // '40' is 8 bytes, '42["a"]' 13: the second read ends one byte into the long frame.
    h.gate.onData(bytes.subarray(0, 9));
    h.gate.onData(bytes.subarray(9, 22));
    expect(h.gate.next()).toBe(true);
    expect(h.gate.next()).toBe(true);
    expect(h.gate.next()).toBe(false); // the long frame has not all arrived
    expect(h.messages).toEqual(['40', '42["a"]']);
    h.gate.onData(bytes.subarray(22));
    while (h.gate.next());
    expect(h.messages).toEqual(['40', '42["a"]', long, '42["b"]']);
    expect(h.gate.pending()).toBe(false);
  });

  it('says how long the next frame has waited since its bytes arrived (the read-wait metric), nothing once all is fed', () => {
    const h = harness();
    h.gate.own(() => {});
    expect(h.gate.waitedMs(performance.now())).toBeNull();
    const before = performance.now();
    h.gate.onData(Buffer.concat([frame('42["a"]'), frame('42["b"]')]));
    const after = performance.now();
    // Measured from the arrival of the oldest byte not fed yet: the later frame of a backlog counts from it too.
    expect(h.gate.waitedMs(after + 50)).toBeGreaterThanOrEqual(50);
    expect(h.gate.waitedMs(after + 50)).toBeLessThanOrEqual(after + 50 - before);
    expect(h.gate.next()).toBe(true);
    expect(h.gate.waitedMs(after + 50)).toBeGreaterThanOrEqual(50);
    expect(h.gate.next()).toBe(true);
    expect(h.gate.waitedMs(performance.now())).toBeNull();
    // A new read starts a new wait.
    h.gate.onData(frame('42["c"]'));
    expect(h.gate.waitedMs(performance.now() + 5)).toBeLessThan(50);
  });

  it('feeds a few frames before a Socket.IO socket owns the connection, then holds the rest unread', () => {
    const h = harness();
    const owned: number[] = [];
    h.gate.onData(Buffer.concat(Array.from({ length: 10 }, (_, i) => frame(`m${i}`))));
    expect(h.messages).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(h.socket.isPaused()).toBe(true);
    h.gate.own(() => owned.push(1));
    expect(owned).toEqual([1]); // what waits is offered at once
    while (h.gate.next());
    expect(h.messages.length).toBe(10);
  });

  it("feeds a new connection's first frames when admission control gives it a turn", () => {
    const socket = new PassThrough();
    const receiver = new Receiver({ isServer: true, maxPayload: 1_000 });
    const messages: string[] = [];
    receiver.on('message', (data: Buffer) => messages.push(data.toString()));
    const turns: (() => void)[] = [];
    const gate = new ReadGate(
      socket,
      (chunk) => void receiver.write(chunk),
      1_000,
      (feed) => turns.push(feed),
    );
    gate.onData(frame('40'));
    gate.onData(frame('2probe'));
    expect(messages).toEqual([]);
    expect(turns.length).toBe(1); // one turn asked for, however many reads
    expect(socket.isPaused()).toBe(true);
    turns.shift()!();
    expect(messages).toEqual(['40', '2probe']);
    expect(socket.isPaused()).toBe(false);
  });

  it('keeps what a socket may send before it is kicked and drops the rest of a read unread', () => {
    const h = harness();
    h.gate.own(() => {});
    h.gate.onData(Buffer.concat(Array.from({ length: 10 }, (_, i) => frame(`m${i}`))));
    expect(h.gate.trim(20)).toBe(false); // all of it fits
    expect(h.gate.trim(3)).toBe(true);
    expect(h.gate.truncated).toBe(true);
    h.gate.onData(frame('later')); // nothing more is read
    while (h.gate.next());
    expect(h.messages).toEqual(['m0', 'm1', 'm2']);
  });

  it('drops what it has not parsed when the connection closes', () => {
    const h = harness();
    h.gate.own(() => {});
    h.gate.onData(Buffer.concat([frame('a'), frame('b')]));
    h.gate.drop();
    expect(h.gate.next()).toBe(false);
    h.gate.onData(frame('c'));
    expect(h.gate.pending()).toBe(false);
    expect(h.messages).toEqual([]);
  });

  it('gives ws a frame declared longer than it accepts at once, for it to refuse', async () => {
    const h = harness(1_000);
    h.gate.own(() => {});
    h.gate.onData(frame('y'.repeat(5_000)).subarray(0, 100));
    expect(h.gate.next()).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(h.errors).toEqual(['Max payload size exceeded']);
  });

  it('shows the unmasked head of a whole text frame without ws seeing it, and drops it unparsed on skip', () => {
    const h = harness();
    h.gate.own(() => {});
    const chat = `4217["room:chat",{"roomId":"x","text":"${'y'.repeat(200)}"}]`;
    h.gate.onData(Buffer.concat([frame(chat), frame('42["b"]')]));
    expect(h.gate.peekText(96)).toBe(chat.slice(0, 96));
    expect(h.gate.skip()).toBe(true);
    expect(h.messages).toEqual([]);
    expect(h.gate.peekText(96)).toBe('42["b"]');
    expect(h.gate.next()).toBe(true);
    expect(h.messages).toEqual(['42["b"]']);
    expect(h.gate.peekText(96)).toBeNull();
    expect(h.gate.skip()).toBe(false);
  });

  it('shows no head for what ws must see: a fragment, the frames after it, a binary frame, an over-long frame', async () => {
    const h = harness(100);
    h.gate.own(() => {});
    const text = frame('42["a"]');
    const first = Buffer.from(text);
    first[0] = 0x01; // text without FIN: a message in fragments
    const last = Buffer.from(text);
    last[0] = 0x80; // its continuation, with FIN
    h.gate.onData(first);
    expect(h.gate.peekText(96)).toBeNull();
    expect(h.gate.next()).toBe(true);
    h.gate.onData(text); // a new message inside a fragmented one: a protocol error ws must see
    expect(h.gate.peekText(96)).toBeNull();
    expect(h.gate.next()).toBe(true);
    await new Promise((r) => setImmediate(r));
    expect(h.errors.length).toBe(1);

    const b = harness(100);
    b.gate.own(() => {});
    const binary = frame('42["a"]');
    binary[0] = 0x82;
    b.gate.onData(binary);
    expect(b.gate.peekText(96)).toBeNull();
    b.gate.next();
    b.gate.onData(frame('x'.repeat(300)));
    expect(b.gate.peekText(96)).toBeNull();
  });
});
