import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { Client, Notification } from 'pg';
import { AppConfig } from '../../config/app-config';
import { PrincipalCache } from '../principal-cache';

/** The channel the accounts/api_tokens triggers notify (migration 20261122000201), payload: the account id. */
export const PRINCIPAL_CHANGES_CHANNEL = 'principal_changes';
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Keeps the principal cache honest across instances: LISTENs on a dedicated
 * connection (not one of the pool's) for the notifications database triggers
 * send whenever a token, plan or account changes, whoever wrote it (this
 * service, another instance, the command line, the account pages).
 * The cache is live only while this connection is: on an error, an end or a
 * heartbeat that does not come back, it is suspended (every request goes to
 * the database) until the connection is back, listening, and has flushed it.
 */
@Injectable()
export class PrincipalChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PrincipalCache');
  private client: Client | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private failures = 0;
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly cache: PrincipalCache,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  /** Closes the listening connection before the pool and the embedded database go. */
  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnect);
    await this.lost();
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.config.databaseUrl,
      connectionTimeoutMillis: 3_000,
      keepAlive: true,
      application_name: 'principal-cache-listener',
    });
    client.on('notification', (message: Notification) => {
      if (message.channel === PRINCIPAL_CHANGES_CHANNEL && message.payload) this.cache.invalidateAccount(message.payload);
    });
    client.on('error', (error) => void this.lost(error));
    client.on('end', () => void this.lost());
    this.client = client;
    try {
      await client.connect();
      await client.query(`listen ${PRINCIPAL_CHANGES_CHANNEL}`);
    } catch (error) {
      void this.lost(error);
      return;
    }
    if (this.client !== client) return;
    if (this.failures > 0) this.logger.log('Invalidation feed is back; caching principals again.');
    this.failures = 0;
    this.cache.resume();
    this.heartbeat = setInterval(() => void this.beat(client), HEARTBEAT_MS).unref();
  }

  /** A connection that died silently (no FIN, no RST) would stop delivering notifications without an error: ask it. */
  private async beat(client: Client): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('heartbeat timed out')), HEARTBEAT_TIMEOUT_MS);
    });
    try {
      await Promise.race([client.query('select 1'), timeout]);
    } catch (error) {
      if (this.client === client) void this.lost(error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Suspends the cache at once, drops the connection and (unless shutting down) tries again with a growing pause. */
  private lost(error?: unknown): Promise<void> {
    this.cache.suspend();
    clearInterval(this.heartbeat);
    const client = this.client;
    if (!client) return Promise.resolve();
    this.client = undefined;
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    const ended = client.end().catch(() => undefined);
    if (this.stopped) return ended;
    this.failures += 1;
    if (this.failures === 1) {
      const reason = error instanceof Error ? error.message : 'connection closed';
      this.logger.warn(`Invalidation feed lost (${reason}); authenticating every request against the database until it is back.`);
    }
    const delay = Math.min(100 * 2 ** (this.failures - 1), MAX_RECONNECT_DELAY_MS);
    this.reconnect = setTimeout(() => void this.connect(), delay);
    this.reconnect.unref();
    return ended;
  }
}
