import { EntityManager } from '@mikro-orm/postgresql';
import { MikroOrmParticipantRepository } from '../src/participants/persistence/mikro-orm-participant.repository';
import { WritesWithEvents } from '../src/events/writes-with-events';
import { MikroOrmTournamentRepository } from '../src/tournaments/persistence/mikro-orm-tournament.repository';
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
  repository: () => new MikroOrmParticipantRepository(em().fork()),
  newAccount: async () => (await createPremiumAccount(testApp)).id,
  newTournament: async (accountId) => {
    const tournament = aTournament({ accountId });
    await new MikroOrmTournamentRepository(em().fork(), testApp.app.get(WritesWithEvents)).add(tournament, {
      accountId,
      type: 'tournament.created',
      tournamentId: tournament.id,
      data: {},
    });
    return tournament.id;
  },
}));
