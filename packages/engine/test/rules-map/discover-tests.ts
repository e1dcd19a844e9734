/** Finds the tests that prove each clause: scenario files (their `rules` and names) and unit test names. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface FoundTest {
  /** Repository-relative file. */
  file: string;
  name: string;
  rules: string[];
}

export const REPO = join(import.meta.dirname, '../../../..');

function walk(dir: string, keep: (f: string) => boolean, out: string[] = []): string[] {
  for (const e of readdirSync(dir)) {
    if (e === 'node_modules' || e === 'dist' || e.startsWith('.')) continue;
    const p = join(dir, e);
    if (statSync(p).isDirectory()) walk(p, keep, out);
    else if (keep(p)) out.push(p);
  }
  return out;
}

/** String literals passed as names to it(), it.each()(), test() and describe-less tests. */
const TEST_NAME = /\b(?:it|test)(?:\.each\([^)]*\))?\(\s*(['"`])((?:\\.|(?!\1).)*)\1/gs;

export function discoverTests(): FoundTest[] {
  const out: FoundTest[] = [];
  const scenarios = join(REPO, 'packages/engine/test/scenarios');
  for (const f of walk(scenarios, (p) => p.endsWith('.json'))) {
    const d = JSON.parse(readFileSync(f, 'utf8')) as { name: string; rules?: string[] };
    out.push({ file: relative(REPO, f), name: d.name, rules: d.rules ?? [] });
  }
  const roots = ['packages', 'cards'].map((r) => join(REPO, r));
  for (const root of roots)
    for (const f of walk(root, (p) => p.endsWith('.test.ts'))) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(TEST_NAME)) out.push({ file: relative(REPO, f), name: m[2]!, rules: [] });
    }
  return out;
}

export function testsFor(tags: readonly string[], tests: readonly FoundTest[]): FoundTest[] {
  return tests.filter((t) => tags.some((tag) => t.rules.includes(tag) || t.name.startsWith(`${tag}:`) || t.name.includes(`${tag}:`)));
}
