import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..');
const SCRIPTS = ['bench', join('bench', 'support')].flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(folder, name)),
);

/** The built modules a script loads: `require('../dist/…')` and `require(join(root, 'dist', …))`. */
function builtModules(script: string): string[] {
  const text = readFileSync(join(ROOT, script), 'utf8');
  const relative = [...text.matchAll(/require\('(?:\.\.\/)+dist\/([^']+)'\)/g)].map((found) => found[1]);
  const joined = [...text.matchAll(/require\(join\(root, 'dist', ([^)]+)\)\)/g)].map((found) => found[1].split(',').map((part) => part.trim().replace(/'/g, '')).join('/'));
  return [...relative, ...joined].map((path) => path.replace(/\.js$/, ''));
}

describe('bench scripts', () => {
  it('load only built modules whose source exists (a module moved is a script to mend)', () => {
    const missing = SCRIPTS.flatMap((script) =>
      builtModules(script)
        .filter((path) => !existsSync(join(ROOT, 'src', `${path}.ts`)) && !existsSync(join(ROOT, 'src', path, 'index.ts')))
        .map((path) => `${script}: dist/${path}`),
    );
    expect(SCRIPTS.length).toBeGreaterThan(5);
    expect(missing).toEqual([]);
  });
});
