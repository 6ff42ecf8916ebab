import { Tournament } from '../tournaments';
import { Registration } from './domain/registration';

/**
 * What the participants module needs of a tournament, declared here by its caller: the tournament itself (404 when
 * the account has none) and, inside a registration's transaction, the tournament locked, as its registration terms.
 * The module binds it to its adapter over the tournaments module's service (adapters/tournaments-gate.adapter.ts);
 * a service spec may bind anything.
 */
export abstract class TournamentGate {
  abstract get(accountId: string, tournamentId: string): Promise<Tournament>;
  /** Locks the tournament until the caller's transaction ends: registrations and status changes queue behind it. */
  abstract lockForRegistration(accountId: string, tournamentId: string): Promise<Registration>;
}
