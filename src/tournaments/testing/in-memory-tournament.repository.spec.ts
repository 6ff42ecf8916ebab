import { randomUUID } from 'node:crypto';
import { describeTournamentRepositoryContract } from '../../../test/contracts/tournament-repository.contract';
import { InMemoryTournamentRepository } from './in-memory-tournament.repository';

describeTournamentRepositoryContract('in memory', async () => {
  const repository = new InMemoryTournamentRepository();
  return { repository, accountIds: [randomUUID(), randomUUID()], freshRepository: () => repository };
});
