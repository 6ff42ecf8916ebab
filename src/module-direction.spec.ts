import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * The module-direction check (.dependency-cruiser.cjs, run by `npm run lint` and before `npm test`) must refuse
 * what it is there to refuse: each case below is one file of a throwaway tree, cruised with the real rules.
 */
const root = join(__dirname, '..');

/**
 * The check's exit status and its violations as `rule from` (its text output, the one CI prints). With
 * `ownMap`, the tree's own module.json files are the direction map (the config is copied into the tree, since it
 * reads the map beside itself); without, the repository's are.
 */
function cruise(files: Record<string, string>, { ownMap = false } = {}): { status: number | null; violations: string[]; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'module-direction-'));
  try {
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(dir, dirname(path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    if (ownMap) copyFileSync(join(root, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
    const config = join(ownMap ? dir : root, '.dependency-cruiser.cjs');
    const result = spawnSync(process.execPath, [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'), 'src', '--config', config], {
      cwd: dir,
      encoding: 'utf8',
    });
    const violations = [...result.stdout.matchAll(/^\s*error ([\w-]+): (\S+) →/gm)].map(([, rule, from]) => `${rule} ${from}`);
    return { status: result.status, violations: violations.sort(), stderr: result.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const exported = (name: string) => `export const ${name} = 1;\n`;
const moduleJson = (...imports: string[]) => JSON.stringify({ imports });

describe('module direction check', () => {
  it('passes a tree whose arrows all run down', () => {
    const { status, violations } = cruise({
      'src/kernel/ids.ts': `import { randomUUID } from 'node:crypto';\nexport const id = randomUUID();\n`,
      'src/platform/http.ts': `import { id } from '../kernel/ids';\nexport const http = id;\n`,
      'src/leagues/league.ts': exported('league'),
      'src/leagues/index.ts': `export { league } from './league';\n`,
      'src/tournaments/domain/tournament.ts': `import { league } from '../../leagues';\nimport { id } from '../../kernel/ids';\nexport const t = [league, id];\n`,
      'src/tournaments/index.ts': `export { t } from './domain/tournament';\n`,
      'src/matches/matches.service.ts': `import { Injectable } from '@nestjs/common';\nimport { t } from '../tournaments';\nexport const m = [Injectable, t];\n`,
      'src/matches/index.ts': `export { m } from './matches.service';\n`,
      'src/app.module.ts': `import { m } from './matches';\nexport const app = m;\n`,
    });
    expect(violations).toEqual([]);
    expect(status).toBe(0);
  }, 60_000);

  it('fails on every kind of arrow that runs the wrong way', () => {
    const { status, violations } = cruise({
      'src/kernel/ids.ts': `import { tournament } from '../tournaments/tournament';\nexport const id = tournament;\n`,
      'src/kernel/merge-patch.ts': `import { Injectable } from '@nestjs/common';\nexport const patch = Injectable;\n`,
      'src/platform/http.ts': `import { tournament } from '../tournaments/tournament';\nexport const http = tournament;\n`,
      'src/leagues/league.ts': `import { match } from '../matches/match';\nexport const league = match;\n`,
      'src/matches/match.ts': exported('match'),
      'src/tournaments/tournament.ts': exported('tournament'),
      'src/tournaments/domain/rules.ts': `import { Entity } from '@mikro-orm/core';\nexport const rules = Entity;\n`,
      'src/participants/a.ts': `import { b } from '../matches/b';\nexport const a = 1;\nexport const ab = b;\n`,
      'src/matches/b.ts': `import { a } from '../participants/a';\nexport const b = a;\n`,
      'src/tokens/token.ts': `import { app } from '../app.module';\nexport const token = app;\n`,
      'src/app.module.ts': exported('app'),
      'src/brackets/bracket.ts': `import { http } from '../platform/http';\nexport const bracket = http;\n`,
      'src/viewing/page.ts': `import { m } from '../matches/b';\nexport const page = m;\n`,
      'src/app.factory.ts': `import { token } from './tokens/token';\nexport const factory = token;\n`,
    });
    expect(violations).toEqual(
      [
        // a module, and the composition root, reach another module through its index only
        'cross-module-import-not-through-index src/viewing/page.ts',
        'composition-root-imports-through-index src/app.factory.ts',
        // (the wrong-way arrows below also skip the index: each is reported once more for that)
        'cross-module-import-not-through-index src/kernel/ids.ts',
        'cross-module-import-not-through-index src/platform/http.ts',
        'cross-module-import-not-through-index src/leagues/league.ts',
        'cross-module-import-not-through-index src/participants/a.ts',
        'cross-module-import-not-through-index src/matches/b.ts',
        'composition-root-imported src/tokens/token.ts',
        'direction-kernel src/kernel/ids.ts',
        'direction-leagues src/leagues/league.ts',
        'direction-participants src/participants/a.ts',
        'direction-platform src/platform/http.ts',
        'direction-tokens src/tokens/token.ts',
        'domain-imports-no-framework src/tournaments/domain/rules.ts',
        'kernel-imports-no-package src/kernel/merge-patch.ts',
        'module-not-in-direction-map src/brackets/bracket.ts',
        // matches → participants runs down: only the circle it closes is wrong (one report per arrow)
        'no-circular-between-modules src/matches/b.ts',
      ].sort(),
    );
    expect(status).not.toBe(0);
  }, 60_000);

  describe('reads the direction map from each folder’s module.json', () => {
    const tree = (stagesImports: string[]) => ({
      'src/kernel/module.json': JSON.stringify({ imports: [], library: true }),
      'src/kernel/ids.ts': exported('id'),
      'src/stages/module.json': moduleJson(...stagesImports),
      'src/stages/stage.ts': `import { id } from '../kernel/ids';\nexport const stage = id;\n`,
      'src/series/module.json': moduleJson('stages'),
      'src/stages/index.ts': `export { stage } from './stage';\n`,
      'src/series/series.ts': `import { stage } from '../stages';\nexport const series = stage;\n`,
    });

    it('lets a new module import what its module.json names, and what those may', () => {
      const { status, violations } = cruise(tree(['kernel']), { ownMap: true });
      expect(violations).toEqual([]);
      expect(status).toBe(0);
    }, 60_000);

    it('fails on an import its module.json does not allow', () => {
      const { status, violations } = cruise(tree([]), { ownMap: true });
      expect(violations).toEqual(['direction-stages src/stages/stage.ts']);
      expect(status).not.toBe(0);
    }, 60_000);

    it('fails on a folder without a module.json', () => {
      const { status, violations } = cruise({ ...tree(['kernel']), 'src/brackets/bracket.ts': `import { id } from '../kernel/ids';\nexport const bracket = id;\n` }, { ownMap: true });
      expect(violations).toEqual(['module-not-in-direction-map src/brackets/bracket.ts']);
      expect(status).not.toBe(0);
    }, 60_000);

    it('refuses a map that closes a circle', () => {
      const { status, stderr } = cruise(tree(['kernel', 'series']), { ownMap: true });
      expect(stderr).toContain('the module direction has a circle: series → stages → series');
      expect(status).not.toBe(0);
    }, 60_000);

    it('refuses a map that names a folder without a module.json', () => {
      const { status, stderr } = cruise(tree(['kernel', 'ratings']), { ownMap: true });
      expect(stderr).toContain('the module direction names "ratings", which has no src/ratings/module.json');
      expect(status).not.toBe(0);
    }, 60_000);
  });
});
