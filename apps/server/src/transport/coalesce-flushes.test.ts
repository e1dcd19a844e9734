import { describe, expect, it } from 'vitest';
import { coalesceFlushes } from './coalesce-flushes.js';

/** engine.io's socket as far as flushing goes: packets are queued, and each queueing asks for a flush. */
class FakeConn {
  writeBuffer: string[] = [];
  readonly writes: string[][] = [];
  sendPacket(p: string): void {
    this.writeBuffer.push(p);
    this.flush();
  }
  flush(): void {
    if (this.writeBuffer.length === 0) return;
    this.writes.push(this.writeBuffer);
    this.writeBuffer = [];
  }
}

describe('coalesceFlushes', () => {
  it('sends the packets of one synchronous block (an ack, then a view) in one flush', async () => {
    const conn = new FakeConn();
    coalesceFlushes(conn);
    conn.sendPacket('ack 7');
    conn.sendPacket('view 9');
    expect(conn.writes).toEqual([]);
    await Promise.resolve();
    expect(conn.writes).toEqual([['ack 7', 'view 9']]);
    // A later block is a flush of its own.
    conn.sendPacket('view 10');
    await Promise.resolve();
    expect(conn.writes).toEqual([['ack 7', 'view 9'], ['view 10']]);
  });

  it('without it, engine.io would flush each packet on its own', () => {
    const conn = new FakeConn();
    conn.sendPacket('ack 7');
    conn.sendPacket('view 9');
    expect(conn.writes).toEqual([['ack 7'], ['view 9']]);
  });
});
