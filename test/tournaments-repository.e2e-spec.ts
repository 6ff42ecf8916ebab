import { EntityManager } from '@mikro-orm/postgresql';
import { WritesWithEvents } from '../src/events/writes-with-events';
import { PostgresTournamentRepository } from '../src/tournaments/persistence/postgres-tournament.repository';
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
  const freshRepository = () => new PostgresTournamentRepository(em.fork(), testApp.app.get(WritesWithEvents));
  const eventsOf = (accountId: string, tournamentId: string) =>
    em.fork().execute<{ type: string; data: Record<string, unknown> }[]>(
      'select type, data from events where account_id = ? and tournament_id = ? order by xid, ordinal',
      [accountId, tournamentId],
    );
  return { repository: freshRepository(), accountIds: [mine.id, theirs.id], freshRepository, eventsOf };
});
