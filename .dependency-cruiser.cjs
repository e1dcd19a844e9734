/**
 * Import boundaries, checked by `npm run check:deps` (part of `npm test`). Why each rule exists: docs/architecture.md.
 * The workspace rule is derived from each package's package.json, so listing a dependency there is all it takes.
 */
const fs = require('node:fs');
const path = require('node:path');

const WORKSPACES = {
  '@vroyale/engine': 'packages/engine',
  '@vroyale/protocol': 'packages/protocol',
  '@vroyale/review': 'packages/review',
  '@vroyale/cards': 'cards',
  '@vroyale/server': 'apps/server',
  '@vroyale/web': 'apps/web',
};
for (const dir of ['packages/lab', 'packages/tournament', 'packages/puzzles']) {
  const file = path.join(__dirname, dir, 'package.json');
  if (fs.existsSync(file)) WORKSPACES[JSON.parse(fs.readFileSync(file, 'utf8')).name] = dir;
}
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** A package may import another workspace package only when its package.json lists it. */
const undeclared = Object.entries(WORKSPACES).flatMap(([name, dir]) => {
  const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, dir, 'package.json'), 'utf8'));
  const listed = new Set(Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.peerDependencies }));
  const others = Object.entries(WORKSPACES).filter(([n, d]) => n !== name && !listed.has(n) && d !== dir);
  if (others.length === 0) return [];
  return [
    {
      name: `undeclared-workspace:${name}`,
      comment: `${name} imports a workspace package its package.json does not list`,
      severity: 'error',
      from: { path: `^${escape(dir)}/` },
      to: { path: `^(${others.map(([, d]) => escape(d)).join('|')})/` },
    },
  ];
});

/** The engine's rules sections: the dispatcher (actions/) and the turn's flow call into them, never the other way. */
const SECTIONS = 'cards|combat|core|deck|effects|end|setup|stack|turn|zones';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle (runtime or type-only): move the shared part down into a module both can import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      comment: 'packages/engine/src imports only itself and zod: no cards, no Node built-ins, no I/O (its tests may use its test fixtures).',
      severity: 'error',
      from: { path: '^packages/engine/src/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: '^(packages/engine/src/|node_modules/zod/)' },
    },
    {
      name: 'tournament-is-pure',
      comment: 'packages/tournament/src is pure bookkeeping: it imports only itself and its matching library (no I/O, no other workspace).',
      severity: 'error',
      from: { path: '^packages/tournament/src/', pathNot: '[.]test[.]ts$' },
      to: { pathNot: '^(packages/tournament/src/|node_modules/edmonds-blossom-fixed/)' },
    },
    {
      name: 'sections-not-upward',
      comment: 'A rules section of the engine never imports the dispatcher (actions/) or the turn flow: they settle, sections do not.',
      severity: 'error',
      from: { path: `^packages/engine/src/(${SECTIONS})/`, pathNot: '(^packages/engine/src/turn/flow[.]ts$|[.]test[.]ts$)' },
      to: { path: '^packages/engine/src/(actions/|turn/flow[.]ts$)' },
    },
    {
      name: 'web-not-server',
      comment: 'The web app talks to the server through @vroyale/protocol only (its e2e suite starts a real server).',
      severity: 'error',
      from: { path: '^apps/web/src/' },
      to: { path: '^apps/server/' },
    },
    ...undeclared,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
