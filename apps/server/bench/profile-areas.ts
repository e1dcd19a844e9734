/**
 * Where a server's CPU went, from a V8 `.cpuprofile` (`BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR'
 * npm run bench:server ...`): `npx tsx apps/server/bench/profile-areas.ts DIR/*.cpuprofile [--files 25]`.
 *
 * Self time is grouped by area: our packages (the engine, the server by folder, the protocol), each npm package
 * (better-sqlite3, ws, socket.io, engine.io, zod, pino...), Node's own JavaScript (`node:`), garbage collection
 * and V8's "(program)". A frame with no script (a builtin such as JSON.stringify, a native binding such as
 * better-sqlite3's `run` or a socket's writev) counts for the nearest caller that has one: JSON.stringify called
 * by socket.io-parser is Socket.IO's encoding. Shares are of the busy time (all but "(idle)"). The last line is JSON.
 */
import { readFileSync } from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
}
interface Node {
  id: number;
  callFrame: Frame;
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** The area a script belongs to. */
export function areaOf(url: string): string {
  if (url.startsWith('node:')) return 'node internals';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
    return `npm ${pkg}`;
  }
  const m = /\/(packages\/[^/]+|cards)\//.exec(url);
  if (m) return m[1]!;
  const s = /\/apps\/server\/src\/([^/]+)/.exec(url);
  if (s) return `server ${s[1]!.replace(/\.ts$/, '')}`;
  return url ? `other ${url.replace(/^file:\/\//, '')}` : '(no script)';
}

const SPECIAL: Record<string, string> = { '(garbage collector)': 'GC', '(program)': '(program)', '(idle)': '(idle)', '(root)': '(root)' };

export function areas(p: Profile): { busyMs: number; wallMs: number; byArea: Map<string, number>; byFile: Map<string, number> } {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) selfUs.set(p.samples[i]!, (selfUs.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i + 1] ?? 0));
  // The nearest frame with a script: a builtin's time belongs to whoever called it.
  const owner = (id: number): Frame => {
    let cur: number | undefined = id;
    while (cur !== undefined) {
      const f = byId.get(cur)!.callFrame;
      if (f.url || SPECIAL[f.functionName]) return f;
      cur = parent.get(cur);
    }
    return byId.get(id)!.callFrame;
  };
  const byArea = new Map<string, number>();
  const byFile = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const f = owner(id);
    const area = SPECIAL[f.functionName] ?? areaOf(f.url);
    byArea.set(area, (byArea.get(area) ?? 0) + us);
    if (area !== '(idle)') {
      busy += us;
      const file = f.url ? f.url.replace(/^file:\/\/.*?\/(apps|packages|node_modules)\//, '$1/') : area;
      byFile.set(file, (byFile.get(file) ?? 0) + us);
    }
  }
  return { busyMs: busy / 1000, wallMs: (p.endTime - p.startTime) / 1000, byArea, byFile };
}

function main(): void {
  const args = process.argv.slice(2);
  const fi = args.indexOf('--files');
  const topFiles = fi >= 0 ? Number(args[fi + 1]) : 25;
  const files = args.filter((a, i) => a.endsWith('.cpuprofile') && !(fi >= 0 && i === fi + 1));
  // The server's main thread is the busiest profile (the loader and worker threads write their own).
  const profiles = files.map((f) => ({ f, r: areas(JSON.parse(readFileSync(f, 'utf8')) as Profile) })).sort((a, b) => b.r.busyMs - a.r.busyMs);
  const main = profiles[0];
  if (!main) throw new Error('usage: profile-areas.ts <file.cpuprofile>...');
  const r = main.r;
  const share = (us: number) => Math.round((us / 1000 / r.busyMs) * 1000) / 10;
  console.log(
    `${main.f}: ${(r.wallMs / 1000).toFixed(1)} s, busy ${(r.busyMs / 1000).toFixed(1)} s (${Math.round((r.busyMs / r.wallMs) * 100)}% of the main thread)`,
  );
  const sorted = [...r.byArea].filter(([a]) => a !== '(idle)').sort((a, b) => b[1] - a[1]);
  for (const [a, us] of sorted) console.log(`${String(share(us)).padStart(5)}%  ${a}`);
  console.log('-- files --');
  for (const [f, us] of [...r.byFile].sort((a, b) => b[1] - a[1]).slice(0, topFiles)) console.log(`${String(share(us)).padStart(5)}%  ${f}`);
  console.log(
    JSON.stringify({
      profile: main.f,
      wallS: Math.round(r.wallMs) / 1000,
      busyS: Math.round(r.busyMs) / 1000,
      areasPctOfBusy: Object.fromEntries(sorted.map(([a, us]) => [a, share(us)])),
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) main();
