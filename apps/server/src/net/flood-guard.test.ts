import { describe, expect, it } from 'vitest';
import { FloodGuard, type FloodConfig } from './flood-guard.js';

const LOOSE = { capacity: 1e6, refillPerSec: 1e6 };
const CFG: FloodConfig = {
  perSocket: { capacity: 40, refillPerSec: 20 },
  newSocket: { capacity: 10, refillPerSec: 2, growPerSec: 1 },
  perSession: LOOSE,
  perAddress: LOOSE,
  strikes: { refusals: 3, windowSec: 10 },
  penaltyMs: 1_000,
  socketsPerAddress: 10,
  connectsPerAddress: LOOSE,
};

describe('earned burst (issue 36)', () => {
  it('gives a socket in no room a small burst that grows while it behaves, and the full one in a room', () => {
    let t = 0;
    const f = new FloodGuard(CFG, () => t);
    f.attach('s');
    expect(f.limitOf('s', 'new')).toEqual({ capacity: 10, refillPerSec: 2 });
    expect(f.limitOf('s', 'seated')).toEqual(CFG.perSocket);
    expect(f.limitOf('s', 'watching')).toEqual(CFG.perSocket);
    t = 20_000;
    // Two thirds of the way from 10 to 40: refilled two thirds of the way from 2 to 20 a second.
    expect(f.limitOf('s', 'identified')).toEqual({ capacity: 30, refillPerSec: 14 });
    t = 60_000;
    expect(f.limitOf('s', 'identified')).toEqual(CFG.perSocket);
  });

  it('fills the bucket to the full burst when the socket first enters a room, once', () => {
    let t = 0;
    const f = new FloodGuard({ ...CFG, strikes: { refusals: 100, windowSec: 10 } }, () => t);
    f.attach('s');
    // Its small burst spent before it sat down (hello, create, join...).
    const taken = (cls: 'identified' | 'seated', n: number) => Array.from({ length: n }, () => f.check('s', cls, '127.0.0.1').ok).filter(Boolean).length;
    expect(taken('identified', 12)).toBe(10);
    // Seated: the full 40 at once, not 0 refilled at 20/s.
    expect(taken('seated', 40)).toBe(40);
    expect(f.check('s', 'seated', '127.0.0.1').ok).toBe(false);
    // Out of the room and back: no second fill, only the refill (20 a second: 10 in half a second).
    expect(taken('identified', 1)).toBe(0);
    t = 500;
    expect(taken('seated', 40)).toBe(10);
    expect(f.kicked('s')).toBe(false);
  });

  it('refuses past the burst, starts the growth again on a refusal, and kicks after the strikes', () => {
    let t = 5_000;
    const f = new FloodGuard(CFG, () => t);
    t = 0;
    f.attach('s');
    t = 5_000; // grown to 15
    const verdicts = Array.from({ length: 20 }, () => f.check('s', 'identified', '10.0.0.1'));
    expect(verdicts.filter((v) => v.ok).length).toBe(15);
    expect(verdicts[15]).toEqual({ ok: false, message: 'Too many messages from this connection; slow down', kick: null });
    // Three strikes; the fourth refusal kicks.
    expect(verdicts.filter((v) => !v.ok && v.kick).length).toBe(1);
    expect(f.kicked('s')).toBe(true);
    // The refusal started its growth again: back to 10.
    expect(f.limitOf('s', 'new').capacity).toBe(10);
  });

  it('knows how much a socket can send at once before its kick, and kicks one whose excess was dropped', () => {
    const f = new FloodGuard(CFG, () => 0);
    f.attach('s');
    // The full burst (40) whatever its class, 3 strikes, then the kick.
    expect(f.mostBeforeKick).toBe(44);
    const notice = f.overflowed('s', '10.0.0.2');
    expect(notice).toMatch(/too many messages at once; your address may reconnect in 1 s/);
    expect(f.kicked('s')).toBe(true);
    expect(f.kicks).toBe(1);
    // Once is enough.
    expect(f.overflowed('s', '10.0.0.2')).toBeNull();
  });
});
