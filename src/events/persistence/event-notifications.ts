import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ListenConnection } from '../../platform/persistence/listen-connection';
import { EventSequencing } from '../event-sequencing.service';
import { EventStreams } from '../event-streams.service';
import { EventWakeups } from '../event-wakeups';

/** Sent on commit by the sequencer, payload: `account_id:last_sequence` of an account whose new events are numbered (readable). */
const SEQUENCED_CHANNEL = 'events_sequenced';
/** Sent on commit when a token, plan or account changes (migration 20261122000201), payload: the account id. */
const PRINCIPAL_CHANNEL = 'principal_changes';

/**
 * Wake-up hints for the event streams, from whichever instance (or the command line) committed: new events of
 * an account, and changes to its token or plan (its streams must end within a second). Only hints: the streams
 * poll the log anyway and recheck tokens on a timer, so a lost connection delays, never loses.
 */
@Injectable()
export class EventNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connection: ListenConnection;

  constructor(config: AppConfig, streams: EventStreams, wakeups: EventWakeups, sequencing: EventSequencing) {
    this.connection = new ListenConnection(
      {
        databaseUrl: config.databaseUrl,
        applicationName: 'event-stream-listener',
        channels: [SEQUENCED_CHANNEL, PRINCIPAL_CHANNEL],
        logger: new Logger('EventNotifications'),
        lostMessage: () => 'Event notifications lost; streams rely on polling until they are back.',
        backMessage: 'Event notifications are back.',
      },
      {
        notification(channel, payload) {
          if (channel === SEQUENCED_CHANNEL) {
            const { accountId, through } = sequencedPayload(payload);
            streams.wake(accountId, through);
            wakeups.notify(accountId);
          } else if (channel === PRINCIPAL_CHANNEL) void streams.recheck([payload]);
        },
        // Whatever was notified while away: tokens are rechecked and events numbered now; streams read at their next poll.
        listening() {
          void streams.recheck();
          sequencing.wake();
        },
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connection.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.stop();
  }
}

/** `account_id:sequence`; a bare account id (an instance of the previous release) leaves the sequence unknown. */
function sequencedPayload(payload: string): { accountId: string; through?: number } {
  const colon = payload.indexOf(':');
  if (colon < 0) return { accountId: payload };
  const through = Number(payload.slice(colon + 1));
  return { accountId: payload.slice(0, colon), through: Number.isSafeInteger(through) ? through : undefined };
}
