import { Tournament } from '../tournaments';
import type { TournamentRegistration } from '../tournaments';

/**
 * What the participants module needs of a tournament, declared here by its caller: the tournament itself (404 when
 * the account has none) and, inside a registration's transaction, the tournament locked with its registration
 * terms. The module binds it to TournamentsService (participants.module.ts); a service spec may bind anything.
 */
export abstract class TournamentGate {
  abstract get(accountId: string, tournamentId: string): Promise<Tournament>;
  abstract lockForRegistration(accountId: string, tournamentId: string): Promise<TournamentRegistration>;
}
