import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from './node-flags.js';

const repo = join(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const read = (file: string) => readFileSync(join(repo, file), 'utf8');

describe("the server's node flags", () => {
  it('every launcher that cannot import them passes them: both start scripts and the cluster script', () => {
    const starts = [JSON.parse(read('package.json')).scripts.start as string, JSON.parse(read('apps/server/package.json')).scripts.start as string];
    const cluster = read('scripts/cluster.mjs');
    for (const flag of SERVER_NODE_FLAGS) {
      for (const s of starts) expect(s.split(' '), s).toContain(flag);
      expect(cluster).toContain(`'${flag}'`);
    }
  });

  it('says which flags a process was started without', () => {
    expect(missingNodeFlags([...SERVER_NODE_FLAGS, '--import', 'tsx'])).toEqual([]);
    expect(missingNodeFlags(['--import', 'tsx'])).toEqual([...SERVER_NODE_FLAGS]);
  });

  it('V8 takes them: a young generation of two 4 MB semi-spaces however much the process allocates', () => {
    const newSpaceMb = (flags: readonly string[]) =>
      Number(
        execFileSync(process.execPath, [
          ...flags,
          '-e',
          // Allocation with survivors makes V8 grow the young generation as far as it may.
          'let k=[];for(let i=0;i<3e6;i++){const o={a:i,b:[i]};if(i%3===0)k.push(o);if(k.length>2e5)k=[]}' +
            "console.log(require('v8').getHeapSpaceStatistics().find((s)=>s.space_name==='new_space').space_size/1048576)",
        ]).toString(),
      );
    expect(newSpaceMb(SERVER_NODE_FLAGS)).toBe(8);
    expect(newSpaceMb([])).toBeGreaterThan(8);
  });

  it.skipIf(process.platform !== 'linux')('V8 takes them: one helper thread instead of four (Linux: threads counted in /proc)', () => {
    const threads = (flags: readonly string[]) =>
      Number(execFileSync(process.execPath, [...flags, '-e', "console.log(require('fs').readdirSync('/proc/self/task').length)"]).toString());
    expect(threads([]) - threads(SERVER_NODE_FLAGS)).toBe(3);
  });
});
