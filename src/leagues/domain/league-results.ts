import type { CompetitionRules } from '../../tournaments/domain/competition-rules';
import type { TournamentFormat } from '../../tournaments/domain/tournament';

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
export interface LeagueTableRow {
  participantId: string;
  played: number;
  wins: number;
  draws: number;
  losses: number;
  points: number;
  scoreFor: number;
  scoreAgainst: number;
}

/** A completed tournament of the league, with what its table is made of. */
export interface CompletedTournament {
  id: string;
  name: string;
  format: TournamentFormat;
  startedAt: Date;
  completedAt: Date;
  weight: number;
  /** Round robin and swiss: the rules it was played by; null for other formats. */
  rules: CompetitionRules | null;
  entrants: LeagueEntrant[];
  /** When asked for (a `sum` table) and it has rules: its table, and its completed two-opponent matches; empty otherwise. */
  table: LeagueTableRow[];
  matches: LeagueMatch[];
}

/**
 * What the league table reads of the tournaments, participants and matches modules: a port the leagues module
 * owns (the matches module provides it), so leagues import none of them.
 */
export abstract class LeagueResults {
  /** The league's completed tournaments (never cancelled ones), oldest start first. */
  abstract completedTournaments(accountId: string, leagueId: string, options: { withMatches: boolean }): Promise<CompletedTournament[]>;
}
