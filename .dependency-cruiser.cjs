const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');

/**
 * The house's direction rule, checked by dependency-cruiser (`npm run lint:deps`, part of `npm run lint` and of
 * `npm test`). Arrows run down only:
 *
 *   composition root (src/*.ts: main, cli, app.module, app.factory, modules, migrations): may import anything;
 *   nothing imports it
 *   viewing → matches → participants → tournaments → leagues → events → tokens → metrics → platform → kernel
 *   (admin, webhooks, rate-limit, account-web, health and docs sit beside them: see each folder's module.json)
 *   platform: the house (HTTP pipeline, persistence runtime, OpenAPI builder, ...): imports kernel and config only
 *   kernel: imports nothing of the project and no package (Node's own modules only)
 *   competition: the pure engine (formats, pairing, ranking, stages, schedules): imports the kernel only, no package
 *
 * Each top-level folder of src says in its own `module.json` which folders it may import directly
 * (`{ "imports": ["tournaments"] }`); what those may import it may import too. A folder without one fails the
 * check, and so does a map that names a folder without one or closes a circle. Tests (*.spec.ts) may assemble
 * anything and are left out of the direction rule; the kernel and domain rules hold for them too. No arrow runs
 * back up: a lower module that needs a higher one declares a port and the higher one provides it (docs/design.md,
 * "Layout").
 */
const SRC = join(__dirname, 'src');
const BELOW = Object.fromEntries(
  readdirSync(SRC, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(SRC, entry.name, 'module.json')))
    .map((entry) => [entry.name, JSON.parse(readFileSync(join(SRC, entry.name, 'module.json'), 'utf8')).imports]),
);

/** Everything a folder may import: BELOW's transitive closure. Throws on a circle. */
function reachable(folder, path = []) {
  if (path.includes(folder)) throw new Error(`.dependency-cruiser.cjs: the module direction has a circle: ${[...path, folder].join(' → ')}`);
  if (!(folder in BELOW)) throw new Error(`.dependency-cruiser.cjs: the module direction names "${folder}", which has no src/${folder}/module.json`);
  const all = new Set();
  for (const next of BELOW[folder]) {
    all.add(next);
    for (const further of reachable(next, [...path, folder])) all.add(further);
  }
  return all;
}

const folders = Object.keys(BELOW);
/**
 * Folders whose `module.json` says `"library": true` (kernel, config, platform) are toolkits every module imports
 * file by file; every other folder is a module, which others reach through its public index only.
 */
const modules = folders.filter((folder) => !JSON.parse(readFileSync(join(SRC, folder, 'module.json'), 'utf8')).library);
const escape = (name) => name.replace(/[-]/g, '\\-');
const SPEC = '\\.spec\\.ts$';

const directionRules = folders.map((folder) => {
  const allowed = [folder, ...reachable(folder)].map(escape).join('|');
  return {
    name: `direction-${folder}`,
    comment: `${folder} may import only ${[...reachable(folder)].join(', ') || 'nothing of the project'} (arrows run down; see src/${folder}/module.json)`,
    severity: 'error',
    from: { path: `^src/${escape(folder)}/`, pathNot: SPEC },
    to: { path: '^src/', pathNot: `^src/(${allowed})/` },
  };
});

module.exports = {
  forbidden: [
    ...directionRules,
    {
      name: 'module-not-in-direction-map',
      comment: 'Every folder of src has a module.json: say in it what the new module may import ({ "imports": [...] }).',
      severity: 'error',
      from: { path: `^src/(?!(${folders.map(escape).join('|')})/)[^/]+/` },
      to: {},
    },
    {
      name: 'composition-root-imported',
      comment: 'main, cli, app.module, app.factory, modules and migrations wire the modules; no module imports them.',
      severity: 'error',
      from: { path: '^src/[^/]+/', pathNot: SPEC },
      to: { path: '^src/[^/]+\\.ts$' },
    },
    {
      name: 'kernel-imports-no-package',
      comment: "The kernel is plain TypeScript: no framework, ORM or other package (Node's own modules are fine; its tests may use test libraries).",
      severity: 'error',
      from: { path: '^src/kernel/', pathNot: SPEC },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'] },
    },
    {
      name: 'cross-module-import-not-through-index',
      comment: "Another module is reached through its public index (src/<module>/index.ts), or the framework-free part of it a worker thread may load (src/<module>/pure.ts), never another file inside it: export what others need there.",
      severity: 'error',
      from: { path: '^src/([^/]+)/', pathNot: SPEC },
      to: { path: `^src/(${modules.map(escape).join('|')})/.`, pathNot: ['^src/$1/', '^src/[^/]+/(index|pure)\\.ts$'] },
    },
    {
      name: 'composition-root-imports-through-index',
      comment: 'The composition root wires modules through their public index too.',
      severity: 'error',
      from: { path: '^src/[^/]+\\.ts$', pathNot: SPEC },
      to: { path: `^src/(${modules.map(escape).join('|')})/.`, pathNot: '^src/[^/]+/index\\.ts$' },
    },
    {
      name: 'competition-imports-no-package',
      comment: "The competition engine is pure computation: no framework, ORM, driver or other package (Node's own modules are fine; its tests may use test libraries).",
      severity: 'error',
      from: { path: '^src/competition/', pathNot: SPEC },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown', 'undetermined'] },
    },
    {
      name: 'domain-imports-no-framework',
      comment: 'Domain folders hold the rules: no Nest, MikroORM, Fastify or class-validator.',
      severity: 'error',
      from: { path: '^src/[^/]+/domain/' },
      to: { path: '(^|/)node_modules/(@nestjs|@mikro-orm|fastify|class-validator|class-transformer)(/|$)' },
    },
    {
      name: 'no-circular-between-modules',
      comment: 'A circle of imports that leaves its module (within one module a circle is its own business).',
      severity: 'error',
      from: { path: '^src/([^/]+)/' },
      to: { circular: true, pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
