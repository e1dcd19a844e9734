import * as ws from 'ws';
import { describe, expect, it } from 'vitest';
import type { Writable } from 'node:stream';
import { wsTextFrame } from './ws-text-frame.js';

/** ws's own frame parser, as a client reads the server's frames. */
const Receiver = (ws as unknown as { Receiver: new (options: { isServer: boolean; maxPayload: number }) => Writable }).Receiver;

describe('a server text frame written without ws', () => {
  it('is read by ws as the same text, for each length encoding', () => {
    const texts = ['43[{"ok":false}]', `43${'é'.repeat(80)}`, 'x'.repeat(70_000)];
    const got: string[] = [];
    const errors: string[] = [];
    const r = new Receiver({ isServer: false, maxPayload: 1 << 20 });
    r.on('message', (d: Buffer) => got.push(d.toString()));
    r.on('error', (e: Error) => errors.push(e.message));
    for (const t of texts) r.write(wsTextFrame(t));
    expect(errors).toEqual([]);
    expect(got).toEqual(texts);
    expect(wsTextFrame('ab').subarray(0, 2)).toEqual(Buffer.from([0x81, 2]));
    expect(wsTextFrame('x'.repeat(200)).subarray(0, 4)).toEqual(Buffer.from([0x81, 126, 0, 200]));
  });
});
