import { CompetitionTotals, totalsOf } from '../../competition';

export { CompetitionTotals, totalsOf };

/** A participant of a completed tournament, as a league table needs it. */
export interface LeagueEntrant {
  participantId: string;
  name: string;
  externalId: string | null;
  seed: number | null;
  /** Its final rank (ties share one); null if it has none. */
  finalRank: number | null;
}

/** A completed match between two entrants of one tournament. */
export interface LeagueMatch {
  opponents: { participantId: string; score: number | null; result: 'win' | 'loss' | 'draw' }[];
}

/** A row of a round robin or swiss tournament's own table (its points under its own rules). */
export interface LeagueTableRow extends CompetitionTotals {
  participantId: string;
}

/** What ranking by a tournament's rules reads of a row: its totals under those rules and its place in the seeding. */
export interface RankableRow extends Pick<LeagueTableRow, 'participantId' | 'points' | 'wins' | 'scoreFor' | 'scoreAgainst'> {
  seed: number | null;
  seedingIndex: number;
}

export interface Tiebreaker {
  name: string;
  value: number | boolean | null;
}

export interface RankedRow<R extends RankableRow> {
  entry: R;
  rank: number;
  /** Each of the rules' tiebreakers, in order, with the value it had where it last applied to this row. */
  tiebreakers: Tiebreaker[];
}

/** A completed match as ranking reads it: its opponents are rows (by participantId), null is someone outside them. */
export interface RankedMatch {
  opponents: { participantId: string | null; score: number | null; result: 'win' | 'loss' | 'draw' }[];
}

/** Orders rows by a tournament's own rules: points, then its tiebreakers (head to head over `matches`). */
export type RankByRules = <R extends RankableRow>(rows: R[], matches: readonly RankedMatch[]) => RankedRow<R>[];

/** A completed tournament of the league, with what its table is made of. */
export interface CompletedTournament {
  id: string;
  name: string;
  /** The tournament's format, as the API names it. */
  format: string;
  startedAt: Date;
  completedAt: Date;
  weight: number;
  /** Round robin and swiss: ranks rows by the rules it was played by; null for other formats (a sum table leaves them out). */
  rankByRules: RankByRules | null;
  entrants: LeagueEntrant[];
  /** When asked for (a `sum` table) and it has rules: its table, and its completed two-opponent matches; empty otherwise. */
  table: LeagueTableRow[];
  matches: LeagueMatch[];
}

/**
 * What the league table reads of the tournaments, participants and matches modules, and how it ranks by a
 * tournament's rules: a port the leagues module owns (the matches module provides it), so leagues import none of them.
 */
export abstract class LeagueResults {
  /** The league's completed tournaments (never cancelled ones), oldest start first. */
  abstract completedTournaments(accountId: string, leagueId: string, options: { withMatches: boolean }): Promise<CompletedTournament[]>;
}
