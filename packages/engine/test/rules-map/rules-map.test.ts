import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_RULINGS, SECTIONS } from './clauses.js';
import { discoverTests, REPO, testsFor } from './discover-tests.js';
import { renderRulesDoc } from './render.js';

const RULINGS = join(REPO, '../shared/rules/RULINGS.md');
const clauses = SECTIONS.flatMap((s) => s.clauses);
const tests = discoverTests();

describe('docs/rules.md', () => {
  it('maps every ruling in RULINGS.md (read from ../shared beside the checkout)', () => {
    expect(existsSync(RULINGS), `${RULINGS} must exist beside the checkout, as in CI`).toBe(true);
    const ids = [...new Set(readFileSync(RULINGS, 'utf8').match(/RUL-[A-Z]+-\d+/g) ?? [])];
    expect(ids.length).toBeGreaterThan(30);
    const mapped = new Set(clauses.map((c) => c.id));
    expect(ids.filter((id) => !mapped.has(id))).toEqual([]);
  });

  it('every RUL id appears in the name of at least one test', () => {
    for (const c of clauses.filter((x) => x.id.startsWith('RUL-')))
      expect(
        tests.some((t) => t.name.includes(c.id)),
        `${c.id} in a test name`,
      ).toBe(true);
  });

  it('every clause has at least one test, and its code cites the ruling id', () => {
    for (const c of clauses) {
      expect(testsFor(c.tags ?? [c.id], tests).length, `tests for ${c.id}`).toBeGreaterThan(0);
      for (const f of c.code) {
        const path = join(REPO, 'packages/engine/src', f);
        expect(existsSync(path), `${f} exists`).toBe(true);
        if (c.id.startsWith('RUL-')) expect(readFileSync(path, 'utf8'), `${f} cites ${c.id}`).toContain(c.id);
      }
    }
    for (const p of PROJECT_RULINGS)
      for (const f of p.code) expect(existsSync(/^(packages|apps)\//.test(f) ? join(REPO, f) : join(REPO, 'packages/engine/src', f)), f).toBe(true);
  });

  it('is up to date (run `npm run rules:doc` after changing tests or the clause map)', () => {
    expect(readFileSync(join(REPO, 'docs/rules.md'), 'utf8')).toBe(renderRulesDoc(tests));
  });
});
