/**
 * A promise chain that runs one task at a time, in submission order. Each match has one, and every change
 * to the match (a manager's action, a bot's move, an automatic pass, a flag fall, an abandoned seat) goes
 * through it, so two changes can never interleave even if a task awaits.
 */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  run<T>(task: () => T | Promise<T>): Promise<T> {
    this.waiting++;
    const p = this.tail.then(task);
    // The chain goes on whether the task succeeded or not; the caller still sees the rejection.
    this.tail = p.then(
      () => void this.waiting--,
      () => void this.waiting--,
    );
    return p;
  }

  /** Resolves once every task submitted so far has finished. */
  async drain(): Promise<void> {
    await this.tail;
  }

  get size(): number {
    return this.waiting;
  }
}
