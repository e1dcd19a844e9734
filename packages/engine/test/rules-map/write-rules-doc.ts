/** `npm run rules:doc`: regenerates docs/rules.md. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO } from './discover-tests.js';
import { renderRulesDoc } from './render.js';

const out = join(REPO, 'docs/rules.md');
writeFileSync(out, renderRulesDoc());
console.log(`wrote ${out}`);
