import type { StandingRow } from '../competition';
import { League } from '../leagues';
import { Tournament } from '../tournaments';
import { ParticipantFacts, ScheduledMatch, StageFacts, StationFacts } from './domain/view-builder';

/** A tournament's play as a page shows it: the field in seeding order, its matches, standings, stages and stations. */
export interface TournamentPlay {
  field: ParticipantFacts[];
  matches: ScheduledMatch[];
  standings: (StandingRow & { reached?: string | null })[];
  stages: StageFacts[] | null;
  stations: StationFacts[];
}

/** A row of a league's ratings table, best first. */
export interface RatedPlayer {
  name: string;
  score: number;
  matches: number;
  provisional: boolean;
}

/**
 * What the shared pages read, declared here by viewing: the resources behind a share link, for the account that
 * owns it (a NotFoundError when one is gone). The viewing module binds it to its adapter over the other modules'
 * public API (adapters/shared-content.adapter.ts), which delegates: a page costs the reads it did before.
 */
export abstract class SharedContent {
  abstract tournament(accountId: string, tournamentId: string): Promise<Tournament>;
  abstract play(tournament: Tournament): Promise<TournamentPlay>;
  /** The field in seeding order, with final ranks (what a league page shows of a completed tournament). */
  abstract field(accountId: string, tournamentId: string): Promise<ParticipantFacts[]>;
  /** The schedule as an RFC 5545 calendar; with a participant id, that participant's matches only. */
  abstract calendar(accountId: string, tournamentId: string, participantId?: string): Promise<string>;
  abstract league(accountId: string, leagueId: string): Promise<League>;
  /** Every tournament of the league, oldest first. */
  abstract leagueTournaments(accountId: string, leagueId: string): Promise<Tournament[]>;
  /** The league's ratings table; null for a league without ratings. */
  abstract ratings(league: League): Promise<RatedPlayer[] | null>;
}

/**
 * The organiser's rotation of a share link, declared here by viewing (which serves the route): a new share id for
 * the tournament or league, the old one retired. Bound to adapters/share-links.adapter.ts.
 */
export abstract class ShareLinkRotation {
  abstract rotateTournament(accountId: string, tournamentId: string): Promise<Tournament>;
  abstract rotateLeague(accountId: string, leagueId: string): Promise<League>;
}
