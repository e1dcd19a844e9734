/**
 * A match played one action at a time by the test (both managers in full control, so the server never acts for
 * them): each step is one random legal action of whoever decides, acked and seen by both managers before the next.
 * It keeps, from the managers' own views, the turn after each seq and the first seq of each turn, which is what
 * the spectators' delay of a ranked match is defined by (docs/api.md "Spectator delay").
 */
import { makeRng } from '@vroyale/engine';
import type { ViewMessage } from '@vroyale/protocol';
import { pickRandom, type TestClient } from './test-client.js';

export class Lockstep {
  /** seq → the live turn after it. */
  readonly turnOf = new Map<number, number>([[0, 0]]);
  /** turn → its first seq (turn 0: the match's first state, seq 0). */
  readonly startOf = new Map<number, number>([[0, 0]]);
  seq = 0;
  turn = 0;
  private n = 0;
  private readonly rnd: () => number;

  constructor(
    readonly roomId: string,
    readonly a: TestClient,
    readonly b: TestClient,
    seed = 'lockstep',
  ) {
    this.rnd = makeRng(seed);
  }

  /** The seq spectators must be shown now: the start of the turn before the live one. */
  get expectedShown(): number {
    return this.startOf.get(Math.max(this.turn - 1, 0))!;
  }

  private latest(c: TestClient): ViewMessage {
    return c.view(this.roomId)!;
  }

  /** One action by a manager the match waits on; false once the match is over. */
  async step(): Promise<boolean> {
    const [va, vb] = [this.latest(this.a), this.latest(this.b)];
    if (va.result) return false;
    const [who, v] = va.legal.length > 0 ? [this.a, va] : [this.b, vb];
    if (v.legal.length === 0 || v.seq !== this.seq) throw new Error(`nobody to act at seq ${this.seq} (views at ${va.seq}/${vb.seq})`);
    const ack = await who.emit('match:action', {
      roomId: this.roomId,
      clientActionId: `${who.instance}-ls-${++this.n}`,
      seenSeq: v.seq,
      action: pickRandom(v.legal, this.rnd),
    });
    if (!ack.ok) throw new Error(`action refused: ${ack.code} ${ack.message}`);
    await this.a.waitFor(() => this.latest(this.a).seq >= ack.seq, 5_000, `A at ${ack.seq}`);
    await this.b.waitFor(() => this.latest(this.b).seq >= ack.seq, 5_000, `B at ${ack.seq}`);
    this.seq = ack.seq;
    this.turn = this.latest(this.a).view.turn;
    this.turnOf.set(this.seq, this.turn);
    if (!this.startOf.has(this.turn)) this.startOf.set(this.turn, this.seq);
    return !this.latest(this.a).result;
  }

  /** Concedes for `who` (the match ends: spectators are shown everything). */
  async concede(who: TestClient): Promise<void> {
    const ack = await who.emit('match:action', {
      roomId: this.roomId,
      clientActionId: `${who.instance}-ls-gg`,
      seenSeq: this.seq,
      action: { type: 'concede' },
    });
    if (!ack.ok) throw new Error(`concede refused: ${ack.code}`);
    this.seq = ack.seq;
    await this.a.waitFor(() => this.latest(this.a).result != null, 5_000, 'A result');
  }
}
