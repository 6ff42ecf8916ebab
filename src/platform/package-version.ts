import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The service's version from package.json, which sits two levels up from both src/platform and dist/platform. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
  return manifest.version;
}
