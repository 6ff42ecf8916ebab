import { EntityManager } from '@mikro-orm/postgresql';
import { PostgresParticipantRepository } from '../src/participants/persistence/postgres-participant.repository';
import { WritesWithEvents } from '../src/events/writes-with-events';
import { PostgresTournamentRepository } from '../src/tournaments/persistence/postgres-tournament.repository';
import { aTournament } from '../src/tournaments/testing/a-tournament';
import { describeParticipantRepositoryContract } from './contracts/participant-repository.contract';
import { createPremiumAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});

afterAll(() => testApp.close());

const em = () => testApp.app.get(EntityManager);

describeParticipantRepositoryContract('MikroORM on PostgreSQL', () => ({
  // Each fork is a fresh identity map, like a new request.
  repository: () => new PostgresParticipantRepository(em().fork()),
  newAccount: async () => (await createPremiumAccount(testApp)).id,
  newTournament: async (accountId) => {
    const tournament = aTournament({ accountId });
    await new PostgresTournamentRepository(em().fork(), testApp.app.get(WritesWithEvents)).add(tournament, {
      accountId,
      type: 'tournament.created',
      tournamentId: tournament.id,
      data: {},
    });
    return tournament.id;
  },
}));
