import { HOUSE_PROBLEMS } from '../platform/http/problem';
import type { ModuleManifest } from '../platform/module-manifest';

/**
 * For every code in the problem catalogue: when it happens and what to do, in the order /docs lists them (the
 * platform's and the kernel's first, then each module's in the order of the list of modules). Rendered on /docs
 * under `id="problem-<code>"`, where each problem's `type` URI points. A test fails when a registered code is
 * missing here (or the reverse).
 */
export function problemGuide(manifests: readonly ModuleManifest[]): Record<string, string> {
  const entries = [HOUSE_PROBLEMS, ...manifests.map((manifest) => manifest.problems ?? {})].flatMap((problems) => Object.entries(problems));
  return Object.fromEntries(entries.map(([code, { guide }]) => [code, guide]));
}
