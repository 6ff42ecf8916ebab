import { randomUUID } from 'node:crypto';
import { describeLeagueRepositoryContract } from '../../../test/contracts/league-repository.contract';
import { InMemoryLeagueRepository } from './in-memory-league.repository';

describeLeagueRepositoryContract('InMemoryLeagueRepository', () => {
  const repository = new InMemoryLeagueRepository();
  return {
    repository: () => repository,
    newAccount: async () => randomUUID(),
    attachTournament: async (league) => void repository.attachTournament(league.id),
  };
});
