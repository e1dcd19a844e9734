/**
 * Where the lobby's bytes go (`npx tsx apps/web/scripts/measure-bundle.ts [--modules N] [--out DIR]`): builds the web app
 * with the repository's vite.config.ts, then prints every JavaScript chunk with its gzip size (level 9, as the
 * e2e suite measures), the lobby's initial ones marked (the entry and its static imports: what index.html
 * loads or modulepreloads), and for each initial chunk the packages and folders its bytes come from. A module's
 * share of a chunk's gzip is estimated from its share of the chunk's rendered (pre-minification) length.
 * Then what each lazy import (a screen, a dialog, a language) adds on top. The last line is JSON:
 * `{ initialGzip, initial: [{ file, gzip }], chunks: [{ file, gzip, initial }], lazyLoads: [{ name, gzip }], sources }`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Plugin } from 'vite';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const option = (name: string): string | undefined => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const TOP = Number(option('--modules') ?? 8);
/** `--out DIR` builds elsewhere (an e2e run may be serving apps/web/dist meanwhile). */
const DIST = option('--out') ?? join(REPO, 'apps/web/dist');

interface ChunkInfo {
  file: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  name: string;
  imports: string[];
  modules: { id: string; length: number }[];
}

const chunks: ChunkInfo[] = [];
const capture: Plugin = {
  name: 'measure-bundle',
  generateBundle(_options, bundle) {
    for (const out of Object.values(bundle)) {
      if (out.type !== 'chunk') continue;
      const modules = Object.entries(out.modules).map(([id, m]) => ({ id, length: m.renderedLength }));
      chunks.push({ file: out.fileName, isEntry: out.isEntry, isDynamicEntry: out.isDynamicEntry, name: out.name, imports: out.imports, modules });
    }
  },
};

await build({ configFile: join(REPO, 'vite.config.ts'), logLevel: 'warn', plugins: [capture], build: { outDir: DIST, emptyOutDir: true } });

// What the lobby fetches before it runs: the entry and everything it imports statically.
const byFile = new Map(chunks.map((c) => [c.file, c]));
/** A chunk and everything it imports statically: what loading it fetches. */
function closure(file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  for (const f of byFile.get(file)?.imports ?? []) closure(f, into);
  return into;
}
const initial = new Set<string>();
for (const c of chunks) if (c.isEntry) closure(c.file, initial);
// The e2e test reads index.html: say so if the two ever disagree.
const html = readFileSync(join(DIST, 'index.html'), 'utf8');
const fromHtml = [...html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)].map((m) => m[1]!);
if (fromHtml.length !== initial.size || fromHtml.some((f) => !initial.has(f)))
  console.warn('measure-bundle: index.html preloads differ from the static import graph');

const gzipOf = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;

/** A module's source, as a reader would name it: an npm package, or a workspace folder. */
function source(id: string): string {
  const clean = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(clean);
  if (nm) return nm[1]!;
  const rel = clean.startsWith(REPO) ? clean.slice(REPO.length) : clean;
  const web = /^apps\/web\/src\/((?:[^/]+\/)?)/.exec(rel);
  if (web) return `web/${web[1] && !web[1].includes('.') ? web[1].replace(/\/$/, '') : '(top)'}`;
  const pkg = /^packages\/([^/]+)\/src\/([^/]+\/)?/.exec(rel);
  if (pkg) return `${pkg[1]}/${pkg[2] ? pkg[2].replace(/\/$/, '') : '(top)'}`;
  const cards = /^cards\//.exec(rel);
  if (cards) return 'cards';
  return rel.split('/').slice(0, 2).join('/');
}

const rows = chunks
  .map((c) => ({ ...c, gzip: gzipOf(c.file), initial: initial.has(c.file) }))
  .sort((a, b) => Number(b.initial) - Number(a.initial) || b.gzip - a.gzip);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const sources = new Map<string, number>();
for (const c of rows) {
  const total = c.modules.reduce((n, m) => n + m.length, 0) || 1;
  if (c.initial) {
    console.log(`\n${c.file}  ${kb(c.gzip)} gzip (initial)`);
    const mods = [...c.modules].sort((a, b) => b.length - a.length);
    for (const m of mods.slice(0, TOP)) console.log(`    ${kb((c.gzip * m.length) / total).padStart(9)}  ${m.id.replace(REPO, '')}`);
    for (const m of c.modules) sources.set(source(m.id), (sources.get(source(m.id)) ?? 0) + (c.gzip * m.length) / total);
  }
}
console.log('\nInitial JavaScript by source (estimated gzip):');
const bySource = [...sources].sort((a, b) => b[1] - a[1]);
for (const [s, n] of bySource) if (n >= 256) console.log(`    ${kb(n).padStart(9)}  ${s}`);
console.log('\nLazy chunks:');
for (const c of rows) if (!c.initial) console.log(`    ${kb(c.gzip).padStart(9)}  ${c.file}`);
// What each lazily imported chunk (a screen, a dialog, a language) adds to what the lobby already has.
const gzipBy = new Map(rows.map((c) => [c.file, c.gzip]));
const lazyLoads = rows
  .filter((c) => c.isDynamicEntry && !c.initial)
  .map((c) => {
    const files = [...closure(c.file)].filter((f) => !initial.has(f));
    return { name: c.name, file: c.file, gzip: files.reduce((n, f) => n + gzipBy.get(f)!, 0), files };
  })
  .sort((a, b) => b.gzip - a.gzip);
console.log('\nWhat each lazy import adds to the lobby (its chunk and the chunks it imports):');
for (const l of lazyLoads) console.log(`    ${kb(l.gzip).padStart(9)}  ${l.name} (${l.files.map((f) => f.replace(/^assets\//, '')).join(' + ')})`);
const initialGzip = rows.filter((c) => c.initial).reduce((n, c) => n + c.gzip, 0);
console.log(`\nInitial JavaScript of the lobby: ${kb(initialGzip)} gzip in ${initial.size} chunks`);
console.log(
  JSON.stringify({
    initialGzip,
    initial: rows.filter((c) => c.initial).map((c) => ({ file: c.file, gzip: c.gzip })),
    chunks: rows.map((c) => ({ file: c.file, gzip: c.gzip, initial: c.initial })),
    lazyLoads: lazyLoads.map((l) => ({ name: l.name, gzip: l.gzip })),
    sources: Object.fromEntries(bySource.map(([s, n]) => [s, Math.round(n)])),
  }),
);
