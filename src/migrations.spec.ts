import { MIGRATIONS } from './migrations';

describe('the collected migrations', () => {
  it('keep the names existing databases recorded in schema_migrations, oldest first', () => {
    expect(MIGRATIONS.map(({ name }) => name)).toEqual([
      '20261121000100-accounts-and-api-tokens',
      '20261121000200-idempotency-keys',
      '20261121000300-tournaments',
      '20261121000400-leagues',
      '20261122000100-account-sessions',
      '20261122000201-principal-change-notifications',
      '20261122000300-participants',
      '20261122000400-matches',
      '20261122000500-stored-participant-count',
      '20261125110100-larger-events',
      '20261125120100-participant-name-keys',
      '20261125200100-events',
      '20261125300100-competition-rules',
      '20261125400100-third-place-match',
      '20261125500100-withdrawals-and-check-in',
      '20261125700100-sharing',
      '20261125800100-standings-refreshes',
      '20261125900100-webhooks',
      '20261127160100-webhook-pending-events',
      '20261127170000-league-rating',
      '20261127410100-stations',
      '20261127410200-schedule-settings',
      '20261127440100-best-of',
      '20261127440200-series',
      '20261127440300-reported-outcomes',
      '20261127470100-share-link-drops',
      '20261127480100-match-schedule',
      '20261127481100-match-deciders',
      '20261127500100-stages',
      '20261127500300-match-stages',
      '20261127500500-participant-groups',
      '20261127900100-stored-ratings',
      '20261128000100-formats-from-catalog',
      '20261128100100-match-feeders',
    ]);
  });
});
