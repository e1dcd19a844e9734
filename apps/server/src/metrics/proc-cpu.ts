/**
 * A process's CPU time from Linux's /proc/<pid>/stat: the benchmarks read the server's (and its review processes')
 * from outside, and a review process reads its server's to know when to give way (reviews/review-pace.ts).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ: 100 on every Linux we run on). */
const CLK_TCK = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * User + system CPU ticks of a /proc/<pid>/stat line. The command name (field 2) is in parentheses and may
 * hold spaces or parentheses itself, so fields are counted after the last ')': utime and stime are fields 14
 * and 15 of the line, 12th and 13th after it.
 */
export function parseProcStat(line: string): number {
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ');
  const utime = Number(rest[11]);
  const stime = Number(rest[12]);
  if (!Number.isFinite(utime) || !Number.isFinite(stime)) throw new Error(`not a /proc/<pid>/stat line: ${line.slice(0, 80)}`);
  return utime + stime;
}

/** CPU seconds (user + system, all threads) a live process has used so far; throws where /proc cannot be read. */
export const processCpuSeconds = (pid: number): number => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8')) / CLK_TCK;
