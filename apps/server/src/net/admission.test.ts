import { describe, expect, it } from 'vitest';
import { stat } from 'node:fs';
import { Admission, type AdmissionConfig } from './admission.js';
import type { SocketClass } from './socket-class.js';

const CFG: AdmissionConfig = { turnMessages: 4, turnMs: 1_000, shares: { seated: 1, watching: 0.75, identified: 0.5, new: 0.25 } };

/** Sockets with messages waiting, a clock that only moves when told, and turns run by hand. */
function harness(cfg = CFG) {
  const inbox = new Map<string, string[]>();
  const handled: string[] = [];
  const paused = new Set<string>();
  const turns: (() => void)[] = [];
  /** The classes in no room, served in the timers phase after the turn's end. */
  const lows: (() => void)[] = [];
  const ended: { ms: number; messages: number }[] = [];
  let t = 0;
  const a = new Admission(
    cfg,
    {
      next: (id) => {
        const m = inbox.get(id)?.shift();
        if (m === undefined) return false;
        handled.push(m);
        return true;
      },
      pending: (id) => (inbox.get(id)?.length ?? 0) > 0,
      pause: (id) => paused.add(id),
      resume: (id) => paused.delete(id),
      turnEnded: (ms, messages) => ended.push({ ms, messages }),
    },
    () => t,
    (f) => turns.push(f),
    (f) => lows.push(f),
  );
  const sent = new Map<string, number>();
  const arrive = (id: string, cls: SocketClass, n: number) => {
    const from = sent.get(id) ?? 0;
    sent.set(id, from + n);
    inbox.set(id, [...(inbox.get(id) ?? []), ...Array.from({ length: n }, (_, i) => `${id}${from + i}`)]);
    a.ready(id, cls);
  };
  /** One turn's end (check phase), then the next timers phase. */
  const turn = () => {
    turns.shift()!();
    for (let f = lows.shift(); f; f = lows.shift()) f();
  };
  return { a, arrive, handled, paused, turn, turns, lows, ended, tick: (ms: number) => (t += ms) };
}

describe('admission control', () => {
  it('serves a class up to its share of the turn, then holds the socket until the next turn', () => {
    const h = harness();
    h.arrive('f', 'identified', 5); // half of 4 messages
    expect(h.handled).toEqual(['f0', 'f1']);
    expect(h.paused).toEqual(new Set(['f']));
    // A manager seated in a live match still has the rest of the turn.
    h.arrive('m', 'seated', 1);
    expect(h.handled.at(-1)).toBe('m0');
    h.turn();
    expect(h.handled).toEqual(['f0', 'f1', 'm0', 'f2', 'f3']);
    expect(h.a.deferred.identified).toBe(2);
    h.turn();
    expect(h.handled.at(-1)).toBe('f4');
    expect(h.paused.size).toBe(0); // read again once nothing is left
    expect(h.a.waitingSockets).toBe(0);
    expect(h.turns.length).toBe(1); // the last turn's end, then nothing more is scheduled
    h.turn();
    expect(h.turns.length).toBe(0);
  });

  it('serves the waiting classes in order, seated first, round robin within a class', () => {
    const h = harness({ ...CFG, turnMessages: 8, shares: { seated: 1, watching: 1, identified: 1, new: 1 } });
    h.arrive('x', 'seated', 8); // spends the turn
    h.arrive('n', 'new', 2);
    h.arrive('i', 'identified', 2);
    h.arrive('s', 'seated', 1);
    h.arrive('w', 'watching', 1);
    expect(h.handled.length).toBe(8);
    h.turn();
    expect(h.handled.slice(8)).toEqual(['s0', 'w0', 'i0', 'i1', 'n0', 'n1']);
  });

  it('keeps a waiting socket in line: what arrives later is served after what it already had', () => {
    const h = harness();
    h.arrive('f', 'new', 3);
    expect(h.handled).toEqual(['f0']);
    h.arrive('f', 'new', 1);
    expect(h.handled).toEqual(['f0']);
    h.turn();
    h.turn();
    h.turn();
    expect(h.handled).toEqual(['f0', 'f1', 'f2', 'f3']);
  });

  it('stops a turn on its wall time as well as on its count', () => {
    const h = harness({ ...CFG, turnMessages: 100, turnMs: 10 });
    h.arrive('a', 'identified', 1);
    h.tick(6); // past half of 10 ms
    h.arrive('b', 'identified', 1);
    h.arrive('s', 'seated', 1);
    expect(h.handled).toEqual(['a0', 's0']);
    h.turn();
    expect(h.handled).toEqual(['a0', 's0', 'b0']);
    expect(h.ended[0]).toEqual({ ms: 6, messages: 2 });
  });

  it('drops a forgotten socket (closed while it waited)', () => {
    const h = harness();
    h.arrive('f', 'identified', 6);
    h.arrive('g', 'identified', 2);
    h.a.forget('f');
    h.turn();
    expect(h.handled).toEqual(['f0', 'f1', 'g0', 'g1']);
    expect(h.a.waitingSockets).toBe(0);
  });
});

describe('admission control: the pass of the classes in no room', () => {
  it('gives them their time share counted from the pass, however late its timer fires', () => {
    const h = harness({ turnMessages: 1_000, turnMs: 4, shares: { seated: 2, watching: 1, identified: 0.5, new: 0.25 } });
    h.arrive('m', 'seated', 1); // the turn opens at 0
    h.tick(3);
    h.arrive('f', 'identified', 3); // 3 ms into the turn: past its 2 ms, so it waits
    expect(h.handled).toEqual(['m0']);
    h.turns.shift()!(); // the turn's end (check phase)
    h.tick(3); // the timer fires 3 ms later: more than the class's whole share of a turn
    h.lows.shift()!();
    expect(h.handled).toEqual(['m0', 'f0', 'f1', 'f2']);
    expect(h.a.waitingSockets).toBe(0);
  });
});

describe('admission control: other work', () => {
  it('runs a handshake now while its class has room, later and in order otherwise, and charges extra work', () => {
    const h = harness();
    const ran: string[] = [];
    h.a.run('new', 1, () => ran.push('h1')); // 1 of the 1 unit a socket before hello may use
    h.a.run('new', 1, () => ran.push('h2'));
    expect(ran).toEqual(['h1']);
    expect(h.a.tasksDeferred).toBe(1);
    // A hello served: itself and what it costs beyond, charged to the turn.
    h.arrive('s', 'seated', 1);
    h.a.charge(2);
    h.arrive('t', 'seated', 1); // 4 of 4: the turn is spent for everyone
    expect(h.handled).toEqual(['s0']);
    h.turn();
    // The next turn: seated first, which leaves nothing of this small turn to the handshake; then it runs.
    expect(h.handled).toEqual(['s0', 't0']);
    expect(ran).toEqual(['h1']);
    h.turn();
    expect(ran).toEqual(['h1', 'h2']);
  });
});

describe('admission control on the real event loop', () => {
  it("serves the classes in no room after what a seated manager's read queued for the check phase (its commit)", async () => {
    const order: string[] = [];
    let left = 40;
    let seated = 0;
    const a = new Admission(
      { turnMessages: 4, turnMs: 1_000, shares: { seated: 1, watching: 1, identified: 0.5, new: 0.25 } },
      {
        next: (id) => (id === 'm' ? seated > 0 && (seated--, order.push('action'), true) : left > 0 && (left--, order.push('flood'), true)),
        pending: (id) => (id === 'm' ? seated > 0 : left > 0),
        pause: () => undefined,
        resume: () => undefined,
      },
    );
    a.ready('f', 'identified'); // two now, 38 waiting
    // A seated manager's message read in the poll phase (an I/O callback): its group commit goes to the check phase.
    for (let i = 0; i < 5; i++) {
      await new Promise<void>((done) =>
        stat('.', () => {
          order.push('read');
          seated++;
          a.ready('m', 'seated');
          setImmediate(() => (order.push('commit'), done()));
        }),
      );
    }
    // Between a read and its commit, no flooder was served; the flood is, in the timers phases that follow.
    for (let i = 0; i < 200 && left > 0; i++) await new Promise((r) => setTimeout(r, 1));
    expect(order.join(' ').match(/read action commit/g)).toHaveLength(5);
    expect(left).toBe(0);
  });
});
