import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { WritesWithEvents } from '../src/events/writes-with-events';
import { PostgresMatchRepository } from '../src/matches/persistence/postgres-match.repository';
import { PostgresParticipantRepository } from '../src/participants/persistence/postgres-participant.repository';
import { aParticipant } from '../src/participants/testing/a-participant';
import { PostgresTournamentRepository } from '../src/tournaments/persistence/postgres-tournament.repository';
import { aTournament } from '../src/tournaments/testing/a-tournament';
import { describeMatchRepositoryContract } from './contracts/match-repository.contract';
import { createPremiumAccount } from './support/accounts';
import { startTestApp, TestApp } from './support/test-app';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
});

afterAll(() => testApp.close());

const em = () => testApp.app.get(EntityManager);

describeMatchRepositoryContract('MikroORM on PostgreSQL', () => ({
  repository: () => new PostgresMatchRepository(em().fork()),
  inTransaction: (work) => em().fork().transactional((transaction) => work(new PostgresMatchRepository(transaction))),
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
  newParticipant: async (accountId, tournamentId) => {
    const participant = aParticipant({ accountId, tournamentId });
    await new PostgresParticipantRepository(em().fork()).add([participant]);
    return participant.id;
  },
}));

it('MatchSchema describes the migrated table: a schema diff would only drop its foreign keys, which MikroORM knows from relations alone', async () => {
  // Modules reference each other by id, not by ORM relations (docs/design/persistence.md), so no schema declares a foreign key.
  const diff = await testApp.app.get(MikroORM).getSchemaGenerator().getUpdateSchemaSQL({ wrap: false });
  const ofMatches = diff.split('\n').filter((statement) => statement.includes('"matches"'));
  expect(ofMatches.sort()).toEqual(
    ['matches_loser_next_fk', 'matches_next_fk', 'matches_station_fk', 'matches_tournament_fk', 'matches_winner_fk'].map((name) => `alter table "matches" drop constraint "${name}";`),
  );
});
