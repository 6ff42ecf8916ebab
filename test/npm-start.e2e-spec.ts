import { execFile } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = join(__dirname, '..');

/** `npm start` runs scripts/build-if-stale.js before the server: an unchanged checkout starts without a build. */
describe('npm start on a built checkout', () => {
  it('does not rebuild when dist/ is newer than every source file', async () => {
    const built = statSync(join(root, 'dist', 'main.js')).mtimeMs;
    const { stderr } = await run(process.execPath, [join(root, 'scripts', 'build-if-stale.js')], { cwd: root, timeout: 10_000 });
    expect(stderr).toBe('dist/ is up to date with src/: not rebuilding (npm run build forces a build)\n');
    expect(statSync(join(root, 'dist', 'main.js')).mtimeMs).toBe(built);
  });

  it('is what npm start runs before the server', () => {
    const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(manifest.scripts.start).toMatch(/^node scripts\/build-if-stale\.js && node .*dist\/main\.js$/);
  });
});
