import { formatOf } from '../formats/registry';
import { FormatSettings, Match, MatchFormat, SeededParticipant } from '../match/match';

/**
 * How far each participant of an elimination bracket got, in words a reader knows from the bracket itself
 * ("winners round 2", "final", "third-place match"); formats without a bracket give an empty map.
 */
export function bracketReached(format: MatchFormat, matches: readonly Match[], field?: readonly SeededParticipant[], settings?: FormatSettings): Map<string, string> {
  return formatOf(format).reached(matches, field, settings);
}
