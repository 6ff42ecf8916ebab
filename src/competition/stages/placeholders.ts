import type { StageSource } from '../match/match';
import { placeholderName } from './placement';

/** "Winner Group A", "Runner-up Group B", "Best third 1", or "Qualifier 3" for a rank across groups (issue 40). */
export function placeholderOf(source: StageSource): string {
  if ('seed' in source) return `Qualifier ${source.seed}`;
  if ('group' in source) return placeholderName({ group: source.group, place: source.place });
  return placeholderName({ best: source.best, rank: source.rank });
}
