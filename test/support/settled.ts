import { EventSequencing } from '../../src/events/event-sequencing.service';
import { StandingsRefresher } from '../../src/matches/standings-refresher.service';
import type { TestApp } from './test-app';

/**
 * Waits for what the app does moments after a commit: tables asked for are published (standings.changed), then
 * every committed event is numbered. Tests read the feed or the database state after this.
 */
export async function settled(testApp: TestApp): Promise<void> {
  await testApp.app.get(StandingsRefresher).drain();
  await testApp.app.get(EventSequencing).drain();
}
