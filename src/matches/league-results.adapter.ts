import { Injectable } from '@nestjs/common';
import { CompletedTournament, LeagueEntrant, LeagueResults, RankByRules } from '../leagues';
import { ParticipantsService } from '../participants';
import { CompetitionRules, effectiveRules } from '../competition';
import { Tournament } from '../tournaments';
import { leagueTournaments } from './league-tournaments';
import { TournamentsService } from '../tournaments';
import { MatchRepository } from './domain/match.repository';
import { computeStandings } from '../competition';
import { rankByRules } from '../competition';
import { settingsOf } from './play-settings';


/**
 * The leagues module's LeagueResults port, provided by play (which knows tournaments, participants and matches):
 * the league's completed tournaments with every participant's final rank, in one read of participants; for a
 * `sum` table also each round robin or swiss tournament's own table and matches. Rows are ranked by a
 * tournament's rules with the tiebreaker catalogue its own table uses.
 */
@Injectable()
export class PlayLeagueResults extends LeagueResults {
  constructor(
    private readonly tournaments: TournamentsService,
    private readonly participants: ParticipantsService,
    private readonly matches: MatchRepository,
  ) {
    super();
  }

  async completedTournaments(accountId: string, leagueId: string, options: { withMatches: boolean }): Promise<CompletedTournament[]> {
    const completed = await this.completedIn(accountId, leagueId);
    const entrants = new Map<string, LeagueEntrant[]>(completed.map((tournament) => [tournament.id, []]));
    for (const { tournamentId, ...entrant } of await this.participants.placementsIn(accountId, completed.map((tournament) => tournament.id))) {
      entrants.get(tournamentId)?.push(entrant);
    }
    const results: CompletedTournament[] = [];
    for (const tournament of completed) {
      const rules = effectiveRules(tournament.format, tournament);
      const result: CompletedTournament = {
        id: tournament.id,
        name: tournament.name,
        format: tournament.format,
        startedAt: tournament.startedAt ?? tournament.completedAt!,
        completedAt: tournament.completedAt!,
        weight: tournament.weight,
        rankByRules: rules && rankingBy(rules),
        entrants: entrants.get(tournament.id)!,
        table: [],
        matches: [],
      };
      if (options.withMatches && rules) await this.addTable(accountId, tournament, result);
      results.push(result);
    }
    return results;
  }

  /** The league's completed tournaments, oldest start first (cancelled ones never count). */
  private async completedIn(accountId: string, leagueId: string): Promise<Tournament[]> {
    const found = await leagueTournaments(this.tournaments, accountId, leagueId, ['completed']);
    const started = (tournament: Tournament) => (tournament.startedAt ?? tournament.completedAt!).getTime();
    return found.sort((a, b) => started(a) - started(b) || (a.id < b.id ? -1 : 1));
  }

  private async addTable(accountId: string, tournament: Tournament, result: CompletedTournament): Promise<void> {
    const [field, matches] = await Promise.all([this.participants.inSeedingOrder(accountId, tournament.id), this.matches.allOf(accountId, tournament.id)]);
    result.table = computeStandings(settingsOf(tournament), field, matches);
    result.matches = matches
      .filter((match) => match.status === 'completed' && match.opponents.length === 2)
      .map((match) => ({
        opponents: match.opponents.map((opponent) => ({ participantId: opponent.participantId!, score: opponent.score, result: opponent.result! })),
      }));
  }
}

/** The leagues' RankByRules for a tournament's rules: the catalogue its own table is ranked with. */
export function rankingBy(rules: CompetitionRules): RankByRules {
  return (rows, matches) => rankByRules(rules, rows, matches.map((match) => ({ status: 'completed', ...match })));
}
