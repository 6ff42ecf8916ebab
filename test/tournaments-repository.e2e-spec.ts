import { EntityManager } from '@mikro-orm/postgresql';
import { MikroOrmTournamentRepository } from '../src/tournaments/persistence/mikro-orm-tournament.repository';
import { describeTournamentRepositoryContract } from './contracts/tournament-repository.contract';
import { createPremiumAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});

afterAll(() => testApp.close());

describeTournamentRepositoryContract('MikroORM on PostgreSQL', async () => {
  const [mine, theirs] = [await createPremiumAccount(testApp), await createPremiumAccount(testApp)];
  const em = testApp.app.get(EntityManager);
  // Each fork is a fresh identity map, like a new request.
  const freshRepository = () => new MikroOrmTournamentRepository(em.fork());
  return { repository: freshRepository(), accountIds: [mine.id, theirs.id], freshRepository };
});
