import { randomUUID } from 'node:crypto';
import { describeParticipantRepositoryContract } from '../../../test/contracts/participant-repository.contract';
import { InMemoryParticipantRepository } from './in-memory-participant.repository';

describeParticipantRepositoryContract('in memory', () => {
  const repository = new InMemoryParticipantRepository();
  return { repository: () => repository, newAccount: async () => randomUUID(), newTournament: async () => randomUUID() };
});
