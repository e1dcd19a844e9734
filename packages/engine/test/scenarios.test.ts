/**
 * One test per scenario file under test/scenarios (named by the scenario, so RUL ids show in the
 * report). Pending scenarios (known engine bugs) are only checked to be well-formed.
 */
import { readFileSync } from 'node:fs';
import { basename, dirname, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PENDING_DIR, SCENARIOS_DIR, scenarioFiles } from './scenario/discover.js';
import { parseScenario, runScenarioFile } from './scenario/run-scenario.js';

const nameOf = (f: string): string => {
  try {
    const n = (JSON.parse(readFileSync(f, 'utf8')) as { name?: unknown }).name;
    return typeof n === 'string' ? n : basename(f);
  } catch {
    return basename(f);
  }
};

const files = scenarioFiles(SCENARIOS_DIR);
const sections = [...new Set(files.map((f) => relative(SCENARIOS_DIR, dirname(f))))];

describe('scenarios', () => {
  it('finds scenario files', () => expect(files.length).toBeGreaterThan(0));
  for (const section of sections)
    describe(section, () => {
      for (const f of files.filter((x) => relative(SCENARIOS_DIR, dirname(x)) === section))
        it(nameOf(f), async () => {
          const r = await runScenarioFile(f);
          expect(r.failures, `${relative(process.cwd(), f)}`).toEqual([]);
        });
    });
});

const pending = scenarioFiles(PENDING_DIR);
if (pending.length)
  describe('pending scenarios (engine bugs; well-formed only)', () => {
    for (const f of pending)
      it(nameOf(f), () => {
        expect(() => parseScenario(f, JSON.parse(readFileSync(f, 'utf8')))).not.toThrow();
      });
  });
