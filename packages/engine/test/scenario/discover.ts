/** Finding scenario files: every *.json under a folder, sorted so runs and test names are stable. */
import { readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** packages/engine/test/scenarios: scenarios that must pass. */
export const SCENARIOS_DIR = resolve(here, '../scenarios');
/** packages/engine/test/scenarios-pending: scenarios the engine fails today (reported engine bugs). */
export const PENDING_DIR = resolve(here, '../scenarios-pending');
/** Deliberately broken scenarios that prove the harness can fail. */
export const FIXTURES_DIR = resolve(here, 'fixtures');

export function scenarioFiles(path: string): string[] {
  let st;
  try {
    st = statSync(path);
  } catch {
    return [];
  }
  if (st.isFile()) return path.endsWith('.json') ? [path] : [];
  return readdirSync(path)
    .sort()
    .flatMap((n) => scenarioFiles(join(path, n)));
}
