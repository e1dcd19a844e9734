/**
 * Where the server's event loop waited for a core, by review phase (docs/review.md, "Where the extra time goes"):
 * `node apps/server/bench/sched-waits.mjs TRACE AB_SAMPLES SERVER_PID REVIEW_PID [BENCH_PID [THREADS]]`, THREADS being
 * the output of `ps -eLo pid,tid` taken while the processes ran (else /proc is read, which needs them still running).
 *
 * TRACE is the text of Linux's tracefs with `sched_switch`, `sched_wakeup` and `sched_migrate_task` on and
 * `trace_clock` set to `mono` (the clock of `process.hrtime`, which `bench:server --reviews-ab --ab-samples` notes for
 * each phase). A wait starts when the server's main thread (its pid) is woken while not running, or is switched out
 * still runnable, and ends when it next runs. For each wait, the time each CPU spent running whom (the review
 * process, the server's other threads, the bench, other tasks, idle) is added up, apart for the CPU the thread was
 * queued on and the others. A wait whose end the trace does not show (the thread seen running with no switch to it,
 * as happens for a thread woken on an idle CPU) is counted apart. Prints one line per kind of phase, then one JSON
 * object.
 */
import { readFileSync } from 'node:fs';

const [tracePath, abPath, serverArg, reviewArg, benchArg, threadsPath] = process.argv.slice(2);
if (!tracePath || !abPath || !serverArg || !reviewArg) {
  console.error('usage: sched-waits.mjs TRACE AB_SAMPLES SERVER_PID REVIEW_PID [BENCH_PID [THREADS]]');
  process.exit(2);
}
const server = Number(serverArg);
const review = Number(reviewArg);
const bench = benchArg ? Number(benchArg) : -1;

/** The process (thread group) of a thread, from /proc while the processes still run; else from the trace's names. */
const tgidOf = new Map();
if (threadsPath)
  for (const l of readFileSync(threadsPath, 'utf8').split('\n')) {
    const [pid, tid] = l.trim().split(/\s+/).map(Number);
    if (Number.isFinite(pid) && Number.isFinite(tid)) tgidOf.set(tid, pid);
  }
function tgid(tid) {
  if (!tgidOf.has(tid)) {
    let g = -1;
    try {
      g = Number(/^Tgid:\s+(\d+)/m.exec(readFileSync(`/proc/${tid}/status`, 'utf8'))[1]);
    } catch {
      // Gone: classified by pid only.
    }
    tgidOf.set(tid, g);
  }
  return tgidOf.get(tid);
}
function who(tid, comm) {
  if (tid === 0) return 'idle';
  if (tid === server) return 'server-main';
  const g = tgid(tid);
  if (g === server) return 'server-other';
  if (tid === review || g === review) return 'review';
  if (tid === bench || g === bench) return 'bench';
  return `other:${comm}`;
}

const phases = JSON.parse(readFileSync(abPath, 'utf8').trim().split('\n').at(-1)).phases;
function phaseAt(ms) {
  for (let k = 0; k + 1 < phases.length; k++) if (phases[k].mono <= ms && ms < phases[k + 1].mono) return phases[k].on ? 'on' : 'off';
  return null;
}

const line = /^\s*(.*?)-(\d+)\s+\[(\d+)\].*?\s(\d+\.\d+): (sched_\w+): (.*)$/;
const events = [];
for (const l of readFileSync(tracePath, 'utf8').split('\n')) {
  const m = line.exec(l);
  if (!m) continue;
  const kv = {};
  for (const [, k, v] of m[6].matchAll(/(\w+)=(\S+)/g)) kv[k] = v;
  events.push({ cur: Number(m[2]), cpu: Number(m[3]), t: Number(m[4]) * 1000, ev: m[5], kv });
}

// Pass 1: the waits.
const waits = [];
const unknown = [];
let running = false;
let open = null;
for (const e of events) {
  if (e.ev === 'sched_switch') {
    const prev = Number(e.kv.prev_pid);
    const next = Number(e.kv.next_pid);
    if (prev === server) {
      running = false;
      if (e.kv.prev_state.startsWith('R')) open = { from: e.t, cpu: e.cpu };
    }
    if (next === server) {
      running = true;
      if (open) waits.push({ ...open, to: e.t });
      open = null;
    }
  } else if (e.ev.startsWith('sched_wakeup') && Number(e.kv.pid) === server) {
    if (!running && !open) open = { from: e.t, cpu: Number(e.kv.target_cpu) };
  } else if (e.ev === 'sched_migrate_task' && Number(e.kv.pid) === server && open) {
    open.cpu = Number(e.kv.dest_cpu);
  } else if (e.cur === server && open) {
    // An event in its context: it runs, but the trace did not show when it started to (seen for a thread woken on an
    // idle CPU), so this wait's length is unknown: counted apart, not added up.
    running = true;
    unknown.push(open);
    open = null;
  }
}

// Pass 2: who ran on each CPU during each wait.
const runs = new Map(); // cpu -> [{ t, pid, comm }]
for (const e of events)
  if (e.ev === 'sched_switch') {
    if (!runs.has(e.cpu)) runs.set(e.cpu, []);
    runs.get(e.cpu).push({ t: e.t, pid: Number(e.kv.next_pid), comm: e.kv.next_comm });
  }
function occupants(cpu, from, to, into) {
  const r = runs.get(cpu) ?? [];
  for (let i = 0; i < r.length; i++) {
    const a = Math.max(from, r[i].t);
    const b = Math.min(to, r[i + 1]?.t ?? to);
    if (b > a) into[who(r[i].pid, r[i].comm)] = (into[who(r[i].pid, r[i].comm)] ?? 0) + (b - a);
  }
}
const out = {};
for (const kind of ['on', 'off']) out[kind] = { waits: 0, waitMs: 0, over1ms: 0, unknownLength: 0, queuedCpu: {}, otherCpus: {} };
for (const w of unknown) {
  const kind = phaseAt(w.from);
  if (kind) out[kind].unknownLength++;
}
for (const w of waits) {
  const kind = phaseAt(w.from);
  if (!kind) continue;
  const o = out[kind];
  o.waits++;
  o.waitMs += w.to - w.from;
  if (w.to - w.from > 1) o.over1ms++;
  for (const cpu of runs.keys()) occupants(cpu, w.from, w.to, cpu === w.cpu ? o.queuedCpu : o.otherCpus);
}
const round = (x) => Math.round(x * 10) / 10;
for (const o of Object.values(out)) {
  o.waitMs = round(o.waitMs);
  for (const m of [o.queuedCpu, o.otherCpus]) for (const k of Object.keys(m)) m[k] = round(m[k]);
}
for (const kind of ['on', 'off']) {
  const o = out[kind];
  const top = (m) =>
    Object.entries(m)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ');
  console.log(
    `reviews ${kind === 'on' ? 'running' : 'stopped'}: ${o.waits} waits, ${o.waitMs} ms (${o.over1ms} over 1 ms; ${o.unknownLength} more of unknown length); its queue's CPU ran: ${top(o.queuedCpu)}; the other CPU ran: ${top(o.otherCpus)}`,
  );
}
console.log(JSON.stringify(out));
