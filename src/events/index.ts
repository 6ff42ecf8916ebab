import type { ModuleManifest } from '../platform/module-manifest';
import { EventLog } from './domain/event-log';
import { EVENTS_PROBLEM_KINDS } from './events.problems';
import { eventsApiDocs } from './events.openapi';
import { EventsModule } from './events.module';
import { EventsService } from './events.service';
import { EVENTS_MIGRATIONS } from './persistence/migrations';
import { WritesWithEvents } from './writes-with-events';

/** The event log, its feed and its live streams. */
export const eventsManifest: ModuleManifest = {
  name: 'events',
  nestModules: [EventsModule],
  migrations: EVENTS_MIGRATIONS,
  apiDocs: () => [eventsApiDocs()],
  problems: EVENTS_PROBLEM_KINDS,
  ports: [EventLog, WritesWithEvents, EventsService],
};
