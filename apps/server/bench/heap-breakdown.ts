/**
 * What a live server's heap is made of (issue 33 §1, heap per live match): `npx tsx apps/server/bench/heap-breakdown.ts
 * SNAPSHOT [--top 30]`. Take the snapshot from a loaded server, e.g.
 *   BENCH_SERVER_NODE_ARGS='--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=/tmp/heap' npm run bench:server -- --levels 300 --hold 60
 * and `kill -USR2 <server pid>` during the hold. Prints the self size by kind (an object's constructor, strings,
 * code, …), then per live match (`MatchMaster` objects): the public log's batches (bytes a batch, cons-string nodes
 * among them) and Node's timer lists. JSON last line.
 */
import { readFileSync } from 'node:fs';
import { flag } from './bench-kit.js';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const path = process.argv[2];
if (!path || path.startsWith('--')) throw new Error('usage: heap-breakdown.ts SNAPSHOT [--top 30]');
const TOP = Number(flag('top', '30'));
const s = JSON.parse(readFileSync(path, 'utf8')) as Snapshot;
const meta = s.snapshot.meta;
const N = meta.node_fields.length;
const E = meta.edge_fields.length;
const [iT, iN, iS, iE] = ['type', 'name', 'self_size', 'edge_count'].map((f) => meta.node_fields.indexOf(f)) as [number, number, number, number];
const [eT, eTo] = ['type', 'to_node'].map((f) => meta.edge_fields.indexOf(f)) as [number, number];
const nodeType = (i: number) => meta.node_types[0][s.nodes[i + iT]!]!;
const nodeName = (i: number) => s.strings[s.nodes[i + iN]!]!;
const size = (i: number) => s.nodes[i + iS]!;
const firstEdge = new Int32Array(s.nodes.length / N);
for (let i = 0, e = 0; i < s.nodes.length; i += N) {
  firstEdge[i / N] = e;
  e += s.nodes[i + iE]! * E;
}
function* edges(i: number): Generator<[string, string | number, number]> {
  for (let k = 0, e = firstEdge[i / N]!; k < s.nodes[i + iE]!; k++, e += E) {
    const type = meta.edge_types[0][s.edges[e + eT]!]!;
    const raw = s.edges[e + meta.edge_fields.indexOf('name_or_index')]!;
    yield [type, type === 'element' || type === 'hidden' ? raw : s.strings[raw]!, s.edges[e + eTo]!];
  }
}

const kinds = new Map<string, { bytes: number; count: number }>();
let total = 0;
const objectsNamed = (name: string) => {
  const out: number[] = [];
  for (let i = 0; i < s.nodes.length; i += N) if (nodeType(i) === 'object' && nodeName(i) === name) out.push(i);
  return out;
};
for (let i = 0; i < s.nodes.length; i += N) {
  const t = nodeType(i);
  const key = t === 'object' || t === 'closure' ? `${t} ${nodeName(i)}` : t.includes('string') ? 'strings' : t;
  const k = kinds.get(key) ?? { bytes: 0, count: 0 };
  k.bytes += size(i);
  k.count++;
  kinds.set(key, k);
  total += size(i);
}

const matches = objectsNamed('MatchMaster').length;
// The public logs' batches: the array and every string under it (a cons string's parts included).
let batches = 0;
let batchBytes = 0;
let consNodes = 0;
for (const log of objectsNamed('PublicLog')) {
  for (const [type, name, arr] of edges(log)) {
    if (type !== 'property' || name !== 'batches') continue;
    const seen = new Set<number>();
    const stack = [arr];
    while (stack.length > 0) {
      const x = stack.pop()!;
      if (seen.has(x)) continue;
      seen.add(x);
      batchBytes += size(x);
      if (nodeType(x) === 'concatenated string') consNodes++;
      for (const [et, , to] of edges(x)) {
        if (x === arr && et === 'element') batches++;
        const t = nodeType(to);
        if (et !== 'weak' && (t.includes('string') || t === 'array')) stack.push(to);
      }
    }
  }
}
const timerLists = objectsNamed('TimersList').length;

const mb = (b: number) => (b / 1e6).toFixed(2).padStart(7);
console.log(`${path}: ${mb(total)} MB in all; ${matches} live matches`);
for (const [k, v] of [...kinds].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, TOP))
  console.log(`${mb(v.bytes)} MB ${String(v.count).padStart(8)}  ${k.slice(0, 80)}`);
const per = (x: number) => Math.round((x / Math.max(1, matches)) * 10) / 10;
console.log(
  `per live match: public log ${per(batches)} batches, ${(batchBytes / Math.max(1, matches) / 1024).toFixed(1)} KB (${Math.round(batchBytes / Math.max(1, batches))} bytes a batch, ${per(consNodes)} cons-string nodes); Node timer lists ${per(timerLists)}`,
);
console.log(
  JSON.stringify({
    totalMB: Math.round(total / 1e4) / 100,
    liveMatches: matches,
    publicLog: {
      batchesPerMatch: per(batches),
      kbPerMatch: Math.round(batchBytes / Math.max(1, matches) / 102.4) / 10,
      bytesPerBatch: Math.round(batchBytes / Math.max(1, batches)),
      consNodesPerMatch: per(consNodes),
    },
    timerListsPerMatch: per(timerLists),
  }),
);
