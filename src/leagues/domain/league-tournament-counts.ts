/**
 * How many tournaments reference each league. The tournaments module keeps those rows, so it answers: leagues sits
 * below it and reads none of its tables. The tournaments module provides it (tournaments/league-tournament-counts.module.ts).
 */
export abstract class LeagueTournamentCounts {
  /** The count for each league asked about that tournaments reference; a league none reference is absent. */
  abstract countsOf(leagueIds: readonly string[]): Promise<ReadonlyMap<string, number>>;
}
