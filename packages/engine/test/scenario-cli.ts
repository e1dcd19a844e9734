/**
 * npm run scenario -- [--pending] [file-or-folder ...]
 * Runs scenario files (docs/scenarios.md) and prints PASS/FAIL with the reasons; exits 1 on any failure.
 * With no paths it runs everything under test/scenarios (and test/scenarios-pending with --pending).
 */
import { relative } from 'node:path';
import { PENDING_DIR, SCENARIOS_DIR, scenarioFiles } from './scenario/discover.js';
import { runScenarioFile } from './scenario/run-scenario.js';

async function main(): Promise<number> {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  const pending = args.includes('--pending');
  const paths = args.filter((a) => a !== '--pending');
  const roots = paths.length ? paths : pending ? [PENDING_DIR] : [SCENARIOS_DIR];
  const files = roots.flatMap((p) => {
    const fs = scenarioFiles(p);
    if (fs.length === 0) console.error(`no scenario files at ${p}`);
    return fs;
  });
  if (files.length === 0) return 1;
  let failed = 0;
  for (const f of files) {
    const r = await runScenarioFile(f);
    const where = relative(process.cwd(), f);
    console.log(`${r.passed ? 'PASS' : 'FAIL'}  ${r.name}  (${where})`);
    if (!r.passed) {
      failed++;
      for (const line of r.failures) console.log(`      - ${line}`);
    }
  }
  console.log(`\n${files.length - failed} passed, ${failed} failed, ${files.length} scenarios`);
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e);
    process.exit(2);
  },
);
