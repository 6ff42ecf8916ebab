import { StageSource } from '../domain/match';
import { ordinal, placeholderName } from '../domain/stages/placement';

/** A placeholder's source as the client reads it: `{ stage, group, place }`, `{ stage, best, rank }` or `{ stage, seed }`. */
export function presentSource(source: StageSource): Record<string, string | number> {
  return { ...source };
}

/** "Winner Group A", "Runner-up Group B", "Best third 1", or "Qualifier 3" for a rank across groups. */
export function placeholderOf(source: StageSource): string {
  if ('seed' in source) return `Qualifier ${source.seed}`;
  if ('group' in source) return placeholderName({ group: source.group, place: source.place });
  return placeholderName({ best: source.best, rank: source.rank });
}

export { ordinal };
