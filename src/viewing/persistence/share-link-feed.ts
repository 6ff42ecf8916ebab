import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { ListenConnection } from '../../platform/persistence/listen-connection';
import { queryRows } from '../../platform/persistence/sql';
import { RetiredShareLinks } from '../../platform/sharing/retired-share-links';
import { REVALIDATE_AFTER_MS, ViewingService } from '../viewing.service';

/** Sent on commit by the triggers of migration 20261127470100, payload: a share id that leads nowhere any more. */
const DROPPED_CHANNEL = 'share_links_dropped';
/** Sent by each instance's listener once it has dropped a link, payload: that share id. */
const ACK_CHANNEL = 'share_links_dropped_ack';
/** Shown in pg_stat_activity: the writer waits for an acknowledgement from each listener of this name. */
const APPLICATION_NAME = 'viewer-share-links';
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
/** Acknowledgements are kept this long: one may come before its writer starts waiting. */
const ACK_MEMORY_MS = 10_000;

interface Waiter {
  shareId: string;
  pending: Set<number>;
  done: () => void;
}

/**
 * Keeps every instance's cached views honest about share links that stop working, the way the principal cache is
 * kept honest about tokens (src/tokens/persistence/principal-change-listener.ts): it LISTENs on a connection of its
 * own for the notifications the database's triggers send, whoever wrote (an API call on any instance, the command
 * line, an account's deletion), and drops the link from ViewingService. While that connection is down the cache is
 * suspended and every request reads the database.
 *
 * It also makes the writer's answer wait (RetiredShareLinks): the writing instance drops the link itself, then waits
 * until every instance listening (each listener's backend, by pg_stat_activity) has acknowledged the drop, or until
 * REVALIDATE_AFTER_MS has passed, after which no instance serves a check from before the write anyway. So once the
 * organiser has the answer, the link is a 404 everywhere.
 */
@Injectable()
export class ShareLinkFeed implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly connection: ListenConnection;
  private readonly acks = new Map<string, { pids: Set<number>; at: number }>();
  private readonly waiters = new Set<Waiter>();

  constructor(
    config: AppConfig,
    private readonly viewing: ViewingService,
    private readonly retired: RetiredShareLinks,
    private readonly em: EntityManager,
  ) {
    this.connection = new ListenConnection(
      {
        databaseUrl: config.databaseUrl,
        applicationName: APPLICATION_NAME,
        channels: [DROPPED_CHANNEL, ACK_CHANNEL],
        heartbeat: { everyMs: HEARTBEAT_MS, timeoutMs: HEARTBEAT_TIMEOUT_MS },
        logger: new Logger('ShareLinkFeed'),
        lostMessage: (reason) => `Share-link notifications lost (${reason}); viewer pages read the database on every request until they are back.`,
        backMessage: 'Share-link notifications are back; caching viewer pages again.',
      },
      {
        notification: (channel, payload, senderPid) => {
          if (channel === DROPPED_CHANNEL) {
            viewing.drop(payload);
            void this.connection.notify(ACK_CHANNEL, payload);
          } else if (channel === ACK_CHANNEL) this.acknowledged(payload, senderPid);
        },
        listening: () => viewing.resume(),
        down: () => viewing.suspend(),
      },
    );
  }

  onModuleInit(): void {
    this.retired.bind((shareIds) => this.dropEverywhere(shareIds));
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connection.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.connection.stop();
    for (const waiter of this.waiters) waiter.done();
  }

  /** After the write that retired them committed: dropped here at once, and everywhere before this resolves. */
  private async dropEverywhere(shareIds: string[]): Promise<void> {
    for (const shareId of shareIds) this.viewing.drop(shareId);
    const deadline = Date.now() + REVALIDATE_AFTER_MS;
    let listeners: number[];
    try {
      const rows = await queryRows<{ pid: number }>(this.em, 'select pid from pg_stat_activity where application_name = ? and datname = current_database()', [APPLICATION_NAME]);
      listeners = rows.map((row) => row.pid);
    } catch {
      // Who listens is unknown: wait until no instance serves a check from before the write.
      listeners = [-1];
    }
    await Promise.all(shareIds.map((shareId) => this.acknowledgedBy(shareId, listeners, deadline - Date.now())));
  }

  private acknowledgedBy(shareId: string, listeners: number[], timeoutMs: number): Promise<void> {
    const acked = this.acks.get(shareId)?.pids;
    const pending = new Set(listeners.filter((pid) => !acked?.has(pid)));
    if (pending.size === 0 || timeoutMs <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.done(), timeoutMs);
      const waiter: Waiter = {
        shareId,
        pending,
        done: () => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve();
        },
      };
      this.waiters.add(waiter);
    });
  }

  private acknowledged(shareId: string, pid: number): void {
    const now = Date.now();
    for (const [key, ack] of this.acks) if (now - ack.at > ACK_MEMORY_MS) this.acks.delete(key);
    const ack = this.acks.get(shareId) ?? { pids: new Set<number>(), at: now };
    ack.pids.add(pid);
    this.acks.set(shareId, ack);
    for (const waiter of this.waiters) {
      if (waiter.shareId !== shareId) continue;
      waiter.pending.delete(pid);
      if (waiter.pending.size === 0) waiter.done();
    }
  }
}
