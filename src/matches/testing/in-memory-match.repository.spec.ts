import { randomUUID } from 'node:crypto';
import { describeMatchRepositoryContract } from '../../../test/contracts/match-repository.contract';
import { InMemoryMatchRepository } from './in-memory-match.repository';

describeMatchRepositoryContract('in memory', () => {
  const repository = new InMemoryMatchRepository();
  return {
    repository: () => repository,
    inTransaction: (work) => work(repository),
    newAccount: async () => randomUUID(),
    newTournament: async () => randomUUID(),
    newParticipant: async () => randomUUID(),
  };
});
