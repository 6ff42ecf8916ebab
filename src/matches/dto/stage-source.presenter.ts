import { StageSource } from '../../competition';

export { placeholderOf } from '../../competition';

/** A placeholder's source as the client reads it: `{ stage, group, place }`, `{ stage, best, rank }` or `{ stage, seed }`. */
export function presentSource(source: StageSource): Record<string, string | number> {
  return { ...source };
}
