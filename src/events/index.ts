import type { ModuleManifest } from '../platform/module-manifest';
import { EventLog } from './domain/event-log';
import { EventCatalogue } from './domain/event-types';
import { EVENTS_PROBLEM_KINDS } from './events.problems';
import { eventsApiDocs } from './events.openapi';
import { EventsModule } from './events.module';
import { EventsService } from './events.service';
import { EVENTS_MIGRATIONS } from './persistence/migrations';
import { WritesWithEvents } from './writes-with-events';

/** The event log, its feed and its live streams; the event types come from every module's manifest. */
export const eventsManifest: ModuleManifest = {
  name: 'events',
  nestModules: [EventsModule],
  migrations: EVENTS_MIGRATIONS,
  apiDocs: ({ eventTypes }) => [eventsApiDocs(eventTypes)],
  problems: EVENTS_PROBLEM_KINDS,
  ports: [EventLog, WritesWithEvents, EventsService, EventCatalogue],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { EventLog, NewEvent, SerializedData } from './domain/event-log';
export { EventCatalogue, EventType } from './domain/event-types';
export { presentEvent } from './dto/event.presenter';
export { EventRow, storedEventOf } from './event-rows';
export { EventWakeups } from './event-wakeups';
export { deletionData, uuidData } from './events.data';
export { EventsService } from './events.service';
export { joinNewestSequenceSql, leagueEventUnnumberedSql, newestLeagueEventSql, newestSequenceSql, newestTournamentEventSql, numberedEventsSql, tournamentEventUnnumberedSql } from './persistence/event-log-sql';
export { InMemoryEventLog } from './testing/in-memory-event-log';
export { WritesWithEvents } from './writes-with-events';
