import { describe, expect, it } from 'vitest';
import { flushOncePerTick } from './flush-per-tick.js';

/** engine.io's socket, as far as flushing goes: what is buffered goes out in one send per flush. */
class FakeConn {
  buffer: string[] = [];
  sends: string[][] = [];
  closedWith: string[][] = [];
  send(p: string): void {
    this.buffer.push(p);
    this.flush();
  }
  flush(): void {
    if (this.buffer.length === 0) return;
    this.sends.push(this.buffer);
    this.buffer = [];
  }
  close(): void {
    // engine.io's close with discard drops what is still buffered.
    this.closedWith.push(this.buffer);
    this.buffer = [];
  }
}

describe('flushOncePerTick', () => {
  it('sends what one run of the server sent a socket in one send, in order', async () => {
    const conn = new FakeConn();
    flushOncePerTick(conn);
    conn.send('ack');
    conn.send('view');
    conn.send('notice');
    expect(conn.sends).toEqual([]);
    await new Promise((r) => process.nextTick(r));
    expect(conn.sends).toEqual([['ack', 'view', 'notice']]);
  });

  it('flushes again in a later tick', async () => {
    const conn = new FakeConn();
    flushOncePerTick(conn);
    conn.send('a');
    await new Promise((r) => setImmediate(r));
    conn.send('b');
    await new Promise((r) => setImmediate(r));
    expect(conn.sends).toEqual([['a'], ['b']]);
  });

  it('a close in the same run sends what was buffered first (a shutdown notice is not discarded)', () => {
    const conn = new FakeConn();
    flushOncePerTick(conn);
    conn.send('shutdown');
    conn.close();
    expect(conn.sends).toEqual([['shutdown']]);
    expect(conn.closedWith).toEqual([[]]);
  });
});
