import { highestBestOf } from '../rules/best-of';
import { formatOf } from '../formats/registry';
import { FormatSettings, Match, SeededParticipant } from '../match/match';
import type { StandingRow, Tiebreaker } from './ranking';
import { gameTotalsOf } from '../tiebreakers/tiebreakers';

export type { StandingRow, Tiebreaker };

/**
 * The table of a tournament from its completed matches, ranked the way its format ranks (formats/): rows that
 * nothing separates share a rank (1, 1, 3); once every match is reported the ranks are the final ranks.
 */
export function computeStandings(settings: FormatSettings, participants: SeededParticipant[], matchList: Iterable<Match>): StandingRow[] {
  const matches = [...matchList];
  const rows = formatOf(settings.format).standings(settings, participants, matches);
  // A tournament of series shows each row's games won and lost (issue 44).
  if (highestBestOf(settings.bestOf ?? null) <= 1) return rows;
  const games = gameTotalsOf(matches);
  return rows.map((row) => {
    const totals = games.get(row.participantId);
    return { ...row, gamesWon: totals?.won ?? 0, gamesLost: totals?.lost ?? 0 };
  });
}
