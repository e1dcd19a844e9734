import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'sched-waits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One tracefs line: `comm-pid [cpu] flags seconds: event: fields`. */
const ev = (comm: string, pid: number, cpu: number, s: number, name: string, fields: string) =>
  `          ${comm}-${pid}     [00${cpu}] d..2. ${s.toFixed(6)}: ${name}: ${fields}`;
const sw = (cpu: number, s: number, prev: [string, number, string], next: [string, number]) =>
  ev(
    prev[0],
    prev[1],
    cpu,
    s,
    'sched_switch',
    `prev_comm=${prev[0]} prev_pid=${prev[1]} prev_prio=120 prev_state=${prev[2]} ==> next_comm=${next[0]} next_pid=${next[1]} next_prio=120`,
  );

describe('sched-waits.mjs (where the event loop waited for a core, by review phase)', () => {
  it('adds up each wait and what each CPU ran meanwhile, by phase, and counts apart a wait whose end is not shown', () => {
    // The server's main thread is 100, the review 200, the bench 300; reviews run from 1 s to 2 s, stop until 3 s.
    const trace = [
      sw(1, 1.1, ['swapper/1', 0, 'R'], ['node', 200]),
      sw(0, 1.2, ['node', 100, 'R'], ['node', 300]), // preempted by the bench: a wait begins
      sw(0, 1.205, ['node', 300, 'S'], ['node', 100]), // 5 ms: the bench on its core, the review on the other
      sw(1, 2.0, ['node', 200, 'T'], ['swapper/1', 0]),
      sw(0, 2.1, ['node', 100, 'S'], ['swapper/0', 0]),
      ev('<idle>', 0, 1, 2.2, 'sched_wakeup', 'comm=node pid=100 prio=120 target_cpu=000'),
      sw(0, 2.2005, ['swapper/0', 0, 'R'], ['node', 100]), // 0.5 ms, both cores idle
      sw(0, 2.5, ['node', 100, 'S'], ['swapper/0', 0]),
      ev('<idle>', 0, 1, 2.6, 'sched_wakeup', 'comm=node pid=100 prio=120 target_cpu=000'),
      ev('node', 100, 0, 2.7, 'sched_wakeup', 'comm=node pid=300 prio=120 target_cpu=001'), // runs, no switch shown
    ].join('\n');
    const phases = [
      { mono: 1000, on: true },
      { mono: 2000, on: false },
      { mono: 3000, on: true },
    ];
    writeFileSync(join(dir, 'trace'), trace);
    writeFileSync(join(dir, 'ab.jsonl'), `${JSON.stringify({ phases })}\n`);
    writeFileSync(join(dir, 'threads'), '  PID   TID\n  100   100\n  200   200\n  300   300\n');
    const out = execFileSync(process.execPath, [
      new URL('./sched-waits.mjs', import.meta.url).pathname,
      ...['trace', 'ab.jsonl'].map((f) => join(dir, f)),
      '100',
      '200',
      '300',
      join(dir, 'threads'),
    ]).toString();
    const got = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(got.on).toEqual({ waits: 1, waitMs: 5, over1ms: 1, unknownLength: 0, queuedCpu: { bench: 5 }, otherCpus: { review: 5 } });
    expect(got.off).toEqual({ waits: 1, waitMs: 0.5, over1ms: 0, unknownLength: 1, queuedCpu: { idle: 0.5 }, otherCpus: { idle: 0.5 } });
  });
});
