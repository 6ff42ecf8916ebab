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
