import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ListenConnection } from '../../platform/persistence/listen-connection';
import { PrincipalCache } from '../principal-cache';

/** The channel the accounts/api_tokens triggers notify (migration 20261122000201), payload: the account id. */
export const PRINCIPAL_CHANGES_CHANNEL = 'principal_changes';
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/**
 * Keeps the principal cache honest across instances: LISTENs on a dedicated
 * connection (ListenConnection) for the notifications database triggers
 * send whenever a token, plan or account changes, whoever wrote it (this
 * service, another instance, the command line, the account pages).
 * The cache is live only while this connection is: on an error, an end or a
 * heartbeat that does not come back, it is suspended (every request goes to
 * the database) until the connection is back, listening, and has flushed it.
 */
@Injectable()
export class PrincipalChangeListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connection: ListenConnection;

  constructor(config: AppConfig, cache: PrincipalCache) {
    this.connection = new ListenConnection(
      {
        databaseUrl: config.databaseUrl,
        applicationName: 'principal-cache-listener',
        channels: [PRINCIPAL_CHANGES_CHANNEL],
        heartbeat: { everyMs: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS },
        logger: new Logger('PrincipalCache'),
        lostMessage: (reason) => `Invalidation feed lost (${reason}); authenticating every request against the database until it is back.`,
        backMessage: 'Invalidation feed is back; caching principals again.',
      },
      {
        notification(channel, payload) {
          if (channel === PRINCIPAL_CHANGES_CHANNEL) cache.invalidateAccount(payload);
        },
        listening: () => cache.resume(),
        down: () => cache.suspend(),
      },
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connection.start();
  }

  /** Closes the listening connection before the pool and the embedded database go. */
  async onApplicationShutdown(): Promise<void> {
    await this.connection.stop();
  }
}
