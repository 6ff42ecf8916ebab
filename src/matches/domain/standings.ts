import { formatOf } from './formats/registry';
import { FormatSettings, Match, SeededParticipant } from './match';
import type { StandingRow, Tiebreaker } from './ranking';

export type { StandingRow, Tiebreaker };

/**
 * The table of a tournament from its completed matches, ranked the way its format ranks (formats/): rows that
 * nothing separates share a rank (1, 1, 3); once every match is reported the ranks are the final ranks.
 */
export function computeStandings(settings: FormatSettings, participants: SeededParticipant[], matchList: Iterable<Match>): StandingRow[] {
  return formatOf(settings.format).standings(settings, participants, [...matchList]);
}
