/**
 * CPU time of the calling thread, for the review's CPU cap. `process.cpuUsage()` in a worker counts the whole
 * process (every match's work too), so on Linux the thread's own utime + stime are read from
 * /proc/thread-self/stat (in USER_HZ ticks, 100 a second on every Linux Node supports). Elsewhere the wall time
 * stands in: an overestimate, so the cap can only come early there, never late.
 */
import { readFileSync } from 'node:fs';

const TICK_MS = 10;

function procCpuMs(): number | null {
  try {
    const s = readFileSync('/proc/thread-self/stat', 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3; utime and stime are 14 and 15.
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS;
  } catch {
    return null;
  }
}

/** A clock of this thread's CPU milliseconds from now on. */
export function threadCpuClock(): () => number {
  const start = procCpuMs();
  if (start === null) {
    const t0 = performance.now();
    return () => performance.now() - t0;
  }
  return () => (procCpuMs() ?? start) - start;
}

/** This thread's id and nice value on Linux (the priority test reads them); null elsewhere. */
export function threadSched(): { tid: number; nice: number } | null {
  try {
    const s = readFileSync('/proc/thread-self/stat', 'utf8');
    const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
    return { tid: Number(s.slice(0, s.indexOf(' '))), nice: Number(f[16]) };
  } catch {
    return null;
  }
}
