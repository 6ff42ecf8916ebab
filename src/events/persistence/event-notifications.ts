import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client, Notification } from 'pg';
import { AppConfig } from '../../config/app-config';
import { EventSequencing } from '../event-sequencing.service';
import { EventStreams } from '../event-streams.service';
import { EventWakeups } from '../event-wakeups';

/** Sent on commit by the sequencer, payload: an account whose new events are numbered (readable). */
const SEQUENCED_CHANNEL = 'events_sequenced';
/** Sent on commit when a token, plan or account changes (migration 20261122000201), payload: the account id. */
const PRINCIPAL_CHANNEL = 'principal_changes';
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Wake-up hints for the event streams, from whichever instance (or the command line) committed: new events of
 * an account, and changes to its token or plan (its streams must end within a second). Only hints: the streams
 * poll the log anyway and recheck tokens on a timer, so a lost connection delays, never loses.
 */
@Injectable()
export class EventNotifications implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EventNotifications');
  private client: Client | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly streams: EventStreams,
    private readonly wakeups: EventWakeups,
    private readonly sequencing: EventSequencing,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    await this.lost();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({ connectionString: this.config.databaseUrl, connectionTimeoutMillis: 3_000, keepAlive: true, application_name: 'event-stream-listener' });
    client.on('notification', (message: Notification) => {
      if (!message.payload) return;
      if (message.channel === SEQUENCED_CHANNEL) {
        this.streams.wake(message.payload);
        this.wakeups.notify(message.payload);
      }
      else if (message.channel === PRINCIPAL_CHANNEL) void this.streams.recheck([message.payload]);
    });
    client.on('error', () => void this.lost());
    client.on('end', () => void this.lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${SEQUENCED_CHANNEL}; listen ${PRINCIPAL_CHANNEL}`);
    } catch {
      void this.lost();
      return;
    }
    if (this.failures > 0) this.logger.log('Event notifications are back.');
    this.failures = 0;
    // Whatever was notified while away: tokens are rechecked and events numbered now; streams read at their next poll.
    void this.streams.recheck();
    this.sequencing.wake();
  }

  private lost(): Promise<void> {
    const client = this.client;
    if (!client) return Promise.resolve();
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    const ended = client.end().catch(() => undefined);
    if (this.stopped) return ended;
    this.failures += 1;
    if (this.failures === 1) this.logger.warn('Event notifications lost; streams rely on polling until they are back.');
    this.reconnect = setTimeout(() => void this.connect(), Math.min(100 * 2 ** (this.failures - 1), MAX_RECONNECT_DELAY_MS));
    this.reconnect.unref();
    return ended;
  }
}
