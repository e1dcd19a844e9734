/**
 * A lean Socket.IO client straight over `ws` (engine.io protocol 4, the default namespace, text packets only),
 * for tests and benchmarks that open hundreds or thousands of sockets from one process (socket.io-client keeps
 * a manager, timers and buffers per socket; this keeps a WebSocket and a map of pending acks) and send bursts
 * as one prepared write, or packets socket.io-client would never send. Each socket binds its own loopback
 * address (`localAddress`), so the server's per-address limits see it as a household of its own.
 */
import WebSocket from 'ws';

export type AckHandler = (ack: Record<string, unknown>) => void;

export class RawSocket {
  private nextId = 0;
  private readonly acks = new Map<number, AckHandler>();
  private readonly listeners = new Map<string, ((payload: unknown) => void)[]>();
  /** Set once the socket is closed, with why (the server's disconnect, the TCP connection ending...). */
  closedBy: string | null = null;
  private readonly closeWaiters: ((why: string) => void)[] = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => this.onFrame(data.toString()));
    ws.on('close', () => this.ended('closed'));
    ws.on('error', () => this.ended('error'));
  }

  /** Resolves once Socket.IO's default namespace is connected; rejects if the handshake is refused or times out. */
  static open(url: string, localAddress: string, timeoutMs = 20_000): Promise<RawSocket> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, { localAddress, perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => fail('timeout'), timeoutMs);
      const fail = (why: string) => {
        clearTimeout(timer);
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
        reject(new Error(why));
      };
      ws.once('error', (e) => fail(e.message));
      ws.once('unexpected-response', (_req, res) => fail(`refused ${res.statusCode}`));
      ws.once('close', () => fail('closed during the handshake'));
      const first = (data: WebSocket.RawData) => {
        const text = data.toString();
        if (text.startsWith('0{')) return void ws.send('40');
        if (text.startsWith('40')) {
          clearTimeout(timer);
          ws.removeAllListeners();
          resolve(new RawSocket(ws));
          return;
        }
        fail(`unexpected '${text.slice(0, 40)}'`);
      };
      ws.on('message', first);
    });
  }

  get open(): boolean {
    return this.closedBy === null;
  }

  on(event: string, f: (payload: unknown) => void): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), f]);
  }

  /** One event, with an ack handler when given (no timeout: a socket that closes leaves its handlers unanswered). */
  emit(event: string, payload: unknown, ack?: AckHandler): void {
    this.send(this.frame(event, payload, ack));
  }

  emitWithAck(event: string, payload: unknown): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      if (!this.open) return reject(new Error('closed'));
      this.emit(event, payload, resolve);
      this.onClose(() => reject(new Error('closed')));
    });
  }

  /** The text of one event packet, registering its ack handler. */
  frame(event: string, payload: unknown, ack?: AckHandler): string {
    return this.rawFrame(`${JSON.stringify([event, payload])}`, ack);
  }

  /** An event packet whose JSON (`["event", ...]`) is given as text, well-formed or not. */
  rawFrame(json: string, ack?: AckHandler): string {
    let id = '';
    if (ack) {
      const n = this.nextId++;
      this.acks.set(n, ack);
      id = String(n);
    }
    return `42${id}${json}`;
  }

  /** The text of event packet number `id` (ack requested), built before the socket exists: pair with `expectAcks`. */
  static packet(event: string, payload: unknown, id: number): string {
    return `42${id}${JSON.stringify([event, payload])}`;
  }

  /**
   * Registers `ack` for the next `count` packet ids, the ids `packet` was given when the frames were prepared
   * ahead (a benchmark builds its burst before the attack, so that the attack's moment costs only the write).
   */
  expectAcks(firstId: number, count: number, ack: AckHandler): void {
    if (firstId !== this.nextId) throw new Error(`prepared packets start at id ${firstId}, the socket is at ${this.nextId}`);
    for (let k = 0; k < count; k++) this.acks.set(this.nextId++, ack);
  }

  /** Sends a prepared packet text (`frame`, `rawFrame`). */
  sendText(text: string): void {
    this.send(text);
  }

  /**
   * The WebSocket frames of `texts` as one buffer, built ahead of an attack so that sending them costs one
   * write: client frames must be masked, and a zero mask key is a valid one (RFC 6455 §5.3) that leaves the
   * payload as it is.
   */
  static frames(texts: readonly string[]): Buffer {
    const parts: Buffer[] = [];
    for (const t of texts) {
      const payload = Buffer.from(t);
      const n = payload.length;
      const head = n < 126 ? Buffer.from([0x81, 0x80 | n, 0, 0, 0, 0]) : Buffer.from([0x81, 0x80 | 126, n >> 8, n & 255, 0, 0, 0, 0]);
      if (n > 0xffff) throw new Error('frame too long for a burst');
      parts.push(head, payload);
    }
    return Buffer.concat(parts);
  }

  /** Writes prepared frames (`RawSocket.frames`) in one TCP write, as a client flushing its queue would. */
  writeFrames(buf: Buffer): void {
    if (!this.open) return;
    // ws keeps its TCP socket private; a benchmark may reach it (this is how the burst is one write).
    (this.ws as unknown as { _socket: { write(b: Buffer): boolean } })._socket.write(buf);
  }

  onClose(f: (why: string) => void): void {
    if (this.closedBy !== null) return f(this.closedBy);
    this.closeWaiters.push(f);
  }

  close(): void {
    if (this.open) this.ws.terminate();
    this.ended('closed here');
  }

  private send(text: string): void {
    if (this.open && this.ws.readyState === WebSocket.OPEN) this.ws.send(text);
  }

  private ended(why: string): void {
    if (this.closedBy !== null) return;
    this.closedBy = why;
    this.acks.clear();
    for (const f of this.closeWaiters.splice(0)) f(why);
  }

  private onFrame(text: string): void {
    if (text === '2') return this.send('3'); // engine.io ping
    if (text.startsWith('41')) return void this.ws.close(); // the server disconnected this namespace
    if (text.startsWith('43')) {
      const m = /^43(\d+)/.exec(text)!;
      const id = Number(m[1]);
      const f = this.acks.get(id);
      if (!f) return;
      this.acks.delete(id);
      f((JSON.parse(text.slice(m[0].length)) as [Record<string, unknown>])[0]);
      return;
    }
    if (text.startsWith('42')) {
      const [event, payload] = JSON.parse(text.slice(2)) as [string, unknown];
      for (const f of this.listeners.get(event) ?? []) f(payload);
    }
  }
}
