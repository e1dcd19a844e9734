/**
 * The import-boundary check (`npm run check:deps`, .dependency-cruiser.cjs) must be able to fail: this plants one
 * breach of each rule in a throwaway tree shaped like the repository and runs the real config over it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'vroyale-guard-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function plant(files: Record<string, string>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function cruise(): Violation[] {
  let out: string;
  try {
    out = execFileSync(
      join(repo, 'node_modules/.bin/depcruise'),
      ['--config', join(repo, '.dependency-cruiser.cjs'), '--output-type', 'json', 'packages', 'apps', 'cards'],
      {
        cwd: dir,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } catch (e) {
    // depcruise exits non-zero when it finds errors; its report is still on stdout.
    out = (e as { stdout: string }).stdout;
  }
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  plant({
    'tsconfig.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', allowImportingTsExtensions: true } }),
    // A runtime cycle and a type-only one.
    'apps/server/src/a.ts': "import { b } from './b.ts';\nexport const a = () => b;\n",
    'apps/server/src/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    'apps/web/src/t1.ts': "import type { T2 } from './t2.ts';\nexport type T1 = { t2?: T2 };\n",
    'apps/web/src/t2.ts': "import type { T1 } from './t1.ts';\nexport type T2 = { t1?: T1 };\n",
    // The engine reaching for I/O and for the card pool.
    'packages/engine/src/core/io.ts': "import { readFileSync } from 'node:fs';\nexport const io = readFileSync;\n",
    'packages/engine/src/core/pool.ts': "import { x } from '../../../../cards/index.ts';\nexport const pool = x;\n",
    'cards/index.ts': 'export const x = 1;\n',
    // A rules section calling the dispatcher and the turn flow.
    'packages/engine/src/actions/dispatch.ts': 'export const dispatch = 1;\n',
    'packages/engine/src/turn/flow.ts': 'export const flow = 1;\n',
    'packages/engine/src/combat/declare.ts':
      "import { dispatch } from '../actions/dispatch.ts';\nimport { flow } from '../turn/flow.ts';\nexport const d = dispatch + flow;\n",
    // The web app importing server code.
    'apps/web/src/reach.ts': "import { a } from '../../server/src/a.ts';\nexport const r = a;\n",
    // The lab may use the cards (its package.json lists them); no package lists the lab, so none may import it.
    'packages/lab/bench/tool.ts': "import { x } from '../../../cards/index.ts';\nexport const tool = x;\n",
    'apps/server/src/lab-reach.ts': "import { tool } from '../../../packages/lab/bench/tool.ts';\nexport const l = tool;\n",
    'cards/lab-reach.ts': "import { tool } from '../packages/lab/bench/tool.ts';\nexport const l = tool;\n",
  });
  const found = cruise();
  const has = (rule: string, from: string, to: string) => found.some((v) => v.rule.name === rule && v.from === from && v.to === to);

  it('fails on a runtime import cycle and on a type-only one', () => {
    expect(has('no-circular', 'apps/server/src/a.ts', 'apps/server/src/b.ts')).toBe(true);
    expect(has('no-circular', 'apps/web/src/t1.ts', 'apps/web/src/t2.ts')).toBe(true);
  });

  it('fails when the engine imports Node built-ins or the cards package', () => {
    expect(has('engine-is-pure', 'packages/engine/src/core/io.ts', 'fs')).toBe(true);
    expect(has('engine-is-pure', 'packages/engine/src/core/pool.ts', 'cards/index.ts')).toBe(true);
    expect(has('undeclared-workspace:@vroyale/engine', 'packages/engine/src/core/pool.ts', 'cards/index.ts')).toBe(true);
  });

  it('fails when a rules section imports the dispatcher or the turn flow', () => {
    expect(has('sections-not-upward', 'packages/engine/src/combat/declare.ts', 'packages/engine/src/actions/dispatch.ts')).toBe(true);
    expect(has('sections-not-upward', 'packages/engine/src/combat/declare.ts', 'packages/engine/src/turn/flow.ts')).toBe(true);
  });

  it('fails when the web app imports server code (a package it does not list)', () => {
    expect(has('web-not-server', 'apps/web/src/reach.ts', 'apps/server/src/a.ts')).toBe(true);
  });

  it('fails when another package imports the lab (none lists it)', () => {
    expect(has('undeclared-workspace:@vroyale/server', 'apps/server/src/lab-reach.ts', 'packages/lab/bench/tool.ts')).toBe(true);
    expect(has('undeclared-workspace:@vroyale/cards', 'cards/lab-reach.ts', 'packages/lab/bench/tool.ts')).toBe(true);
  });

  it('passes what is allowed: nothing else was reported', () => {
    const expected = new Set([
      'apps/server/src/a.ts',
      'apps/server/src/b.ts',
      'apps/web/src/t1.ts',
      'apps/web/src/t2.ts',
      'packages/engine/src/core/io.ts',
      'packages/engine/src/core/pool.ts',
      'packages/engine/src/combat/declare.ts',
      'apps/web/src/reach.ts',
      'apps/server/src/lab-reach.ts',
      'cards/lab-reach.ts',
    ]);
    expect(found.filter((v) => !expected.has(v.from))).toEqual([]);
  });
});
