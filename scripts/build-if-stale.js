#!/usr/bin/env node
// `npm start`: build only when dist/ is missing or older than a source or build setting, so an unchanged
// checkout starts without a full TypeScript build. `npm run build` always builds.
'use strict';
const { statSync, readdirSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const root = join(__dirname, '..');
const inputs = ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json', 'nest-cli.json'];

function newestChange(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

const built = statSync(join(root, 'dist', 'main.js'), { throwIfNoEntry: false });
const sources = Math.max(...inputs.map((input) => newestChange(join(root, input))));
if (built && built.mtimeMs >= sources) {
  process.stderr.write('dist/ is up to date with src/: not rebuilding (npm run build forces a build)\n');
} else {
  process.stderr.write(built ? 'src/ changed since the last build: building\n' : 'no build yet: building\n');
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], { cwd: root, stdio: 'inherit' });
}
