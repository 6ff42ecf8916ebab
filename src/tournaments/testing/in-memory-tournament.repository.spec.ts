import { randomUUID } from 'node:crypto';
import { describeTournamentRepositoryContract } from '../../../test/contracts/tournament-repository.contract';
import { InMemoryTournamentRepository } from './in-memory-tournament.repository';

describeTournamentRepositoryContract('in memory', async () => {
  const repository = new InMemoryTournamentRepository();
  return {
    repository,
    accountIds: [randomUUID(), randomUUID()],
    freshRepository: () => repository,
    eventsOf: async (accountId, tournamentId) =>
      repository.events.appended.filter((event) => event.accountId === accountId && event.tournamentId === tournamentId).map(({ type, data }) => ({ type, data })),
  };
});
