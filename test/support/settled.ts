import { EventSequencing } from '../../src/events/event-sequencing.service';
import { StandingsRefresher } from '../../src/matches/standings-refresher.service';
import { accountIdsOf } from './accounts';
import type { TestApp } from './test-app';

/**
 * Waits for what the app does moments after a commit: tables asked for are published (standings.changed), then
 * every committed event is numbered. Tests read the feed or the database state after this. The tables waited for are
 * those of the accounts the test made (test/support/accounts.ts), or all when it made none through those helpers.
 */
export async function settled(testApp: TestApp): Promise<void> {
  const accountIds = accountIdsOf(testApp);
  await testApp.app.get(StandingsRefresher).drain(accountIds.length > 0 ? { accountIds } : {});
  await testApp.app.get(EventSequencing).drain();
}
