import { Global, Module } from '@nestjs/common';
import { TokensModule } from '../tokens';
import { InstalledModules } from '../platform/module-manifest';
import { EventLog } from './domain/event-log';
import { EventCatalogue } from './domain/event-types';
import { EventStore } from './domain/event-store';
import { StreamAccess } from './domain/stream-access';
import { EventRetention } from './event-retention.service';
import { EventSequencing } from './event-sequencing.service';
import { EventStreams } from './event-streams.service';
import { EventWakeups } from './event-wakeups';
import { EventsController } from './events.controller';
import { EventsService } from './events.service';
import { WritesWithEvents } from './writes-with-events';
import { AppendedCommits } from './persistence/appended-commits';
import { EventNotifications } from './persistence/event-notifications';
import { MaintenanceConnection } from './persistence/maintenance-connection';
import { PostgresEventLog } from './persistence/postgres-event-log';
import { PostgresEventStore } from './persistence/postgres-event-store';
import { TokenStreamAccess } from './persistence/token-stream-access';
import './events.problems';

/**
 * The event log, its feed and its live streams. Global, so that every module's write path can inject EventLog
 * (the port they append through), every adapter WritesWithEvents (a write and its event in one statement) and the
 * match lists EventsService, without an import cycle.
 */
@Global()
@Module({
  imports: [TokensModule],
  controllers: [EventsController],
  providers: [
    // Every module's event types, from the list of modules the application was built from.
    { provide: EventCatalogue, useFactory: (modules: InstalledModules) => EventCatalogue.install(new EventCatalogue(modules.eventTypes())), inject: [InstalledModules] },
    { provide: EventLog, useClass: PostgresEventLog },
    { provide: EventStore, useClass: PostgresEventStore },
    { provide: StreamAccess, useClass: TokenStreamAccess },
    EventsService,
    EventStreams,
    EventSequencing,
    AppendedCommits,
    MaintenanceConnection,
    EventNotifications,
    EventRetention,
    EventWakeups,
    WritesWithEvents,
  ],
  exports: [EventLog, EventsService, EventWakeups, WritesWithEvents, EventCatalogue],
})
export class EventsModule {}
