import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { UnitOfWork } from '../../platform/persistence/unit-of-work';
import { AttemptDecision } from '../domain/retry-schedule';
import { endpointWants } from '../domain/webhook-endpoint';
import { EventType } from '../../events';
import { joinNewestSequenceSql, numberedEventsSql } from '../../events';
import { EventRow, eventBody, instant } from './event-bodies';

/** Events turned into deliveries per endpoint per pass. */
const FAN_OUT_EVENTS = 1_000;
const FAN_OUT_ENDPOINTS = 50;

export interface ClaimedEndpoint {
  accountId: string;
  id: string;
  url: string;
  /** Every secret that signs now: the current one, and the previous one during its 24 hours. */
  secrets: string[];
  failingSince: Date | null;
}

export interface QueuedDelivery {
  id: string;
  eventId: string;
  body: string;
  attempts: number;
  nextAttemptAt: Date;
}

export interface AttemptRecord {
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  attemptedAt: Date;
}

/**
 * The sending side's SQL, on the ORM's pool like every other statement. A sender holds a connection only for one
 * statement at a time, never while it waits for an endpoint. Work is shared between replicas through rows: the
 * fan-out locks the cursors it moves (SKIP LOCKED), and a sender works on an endpoint only under its lease, taken
 * with SKIP LOCKED and renewed with every attempt it records.
 */
@Injectable()
export class DeliveryQueue {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  /**
   * Turns new events into deliveries for up to FAN_OUT_ENDPOINTS enabled endpoints behind the log, in sequence
   * order, and moves their cursors (locked, SKIP LOCKED: two replicas never extend one endpoint's queue together). Returns how many endpoints it extended (0: none is behind or all are locked).
   */
  async fanOut(): Promise<number> {
    // Most passes find no endpoint behind (most accounts have none): one statement says so, without a transaction.
    const [{ behind }] = await queryRows<{ behind: boolean }>(
      this.em,
      `select exists (
         select 1 from webhook_cursors c
           join webhook_endpoints w on w.account_id = c.account_id and w.id = c.endpoint_id
           ${joinNewestSequenceSql('s', 'c.account_id')}
          where w.enabled and s.last_sequence > c.cursor) as behind`,
      [],
    );
    if (!behind) return 0;
    return this.withoutFlushWait(async () => {
      const endpoints = await queryRows<{ account_id: string; id: string; cursor: string; event_types: string[] | null; tournament_id: string | null }>(
        this.em,
        `select w.account_id, w.id, c.cursor, w.event_types, w.tournament_id
           from webhook_cursors c
           join webhook_endpoints w on w.account_id = c.account_id and w.id = c.endpoint_id
           ${joinNewestSequenceSql('s', 'c.account_id')}
          where w.enabled and s.last_sequence > c.cursor
          limit $1
          for update of c skip locked`,
        [FAN_OUT_ENDPOINTS],
      );
      for (const endpoint of endpoints) {
        const events = await queryRows<EventRow>(
          this.em,
          numberedEventsSql({ accountId: '$1', after: '$2', limit: '$3' }),
          [endpoint.account_id, endpoint.cursor, FAN_OUT_EVENTS],
        );
        if (events.length === 0) continue;
        const filter = { eventTypes: endpoint.event_types as EventType[] | null, tournamentId: endpoint.tournament_id };
        const wanted = events.filter((event) => endpointWants(filter, event.type, event.tournament_id));
        if (wanted.length > 0) {
          await writeRows(
            this.em,
            `insert into webhook_deliveries (account_id, endpoint_id, id, event_id, event_type, sequence, body)
             select $1, $2, gen_random_uuid(), t.event_id, t.event_type, t.sequence, t.body
               from unnest($3::uuid[], $4::text[], $5::bigint[], $6::text[]) with ordinality as t(event_id, event_type, sequence, body, n)
              order by t.n`,
            [endpoint.account_id, endpoint.id, wanted.map((e) => e.id), wanted.map((e) => e.type), wanted.map((e) => Number(e.sequence)), wanted.map(eventBody)],
          );
        }
        await writeRows(this.em, 'update webhook_cursors set cursor = $3 where account_id = $1 and endpoint_id = $2', [endpoint.account_id, endpoint.id, events[events.length - 1].sequence]);
      }
      return endpoints.length;
    });
  }

  /**
   * Leases up to `limit` enabled endpoints whose oldest pending delivery is due and that no live lease holds, shared
   * round robin between accounts: an account's n-th endpoint takes its turn after every other account's (n-1)-th,
   * counting the senders it already has here (`held`), and no account gets more than `perAccount` here. Within a
   * turn, and within an account, the endpoint let go longest ago goes first (a released lease keeps its end time).
   */
  async claim(owner: string, leaseMs: number, limit: number, perAccount: number, held: ReadonlyMap<string, number>): Promise<ClaimedEndpoint[]> {
    const rows = await queryRows<{
      account_id: string;
      id: string;
      url: string;
      secret: string;
      previous_secret: string | null;
      previous_secret_expires_at: Date | string | null;
      failing_since: Date | string | null;
    }>(
      this.em,
      `with due as (
          select c.account_id, c.id, c.lease_until,
                 row_number() over (partition by c.account_id order by c.lease_until nulls first, c.id) + coalesce(h.held, 0) as turn
            from webhook_endpoints c
            left join unnest($4::uuid[], $5::int[]) as h(account_id, held) on h.account_id = c.account_id
           where c.enabled and (c.lease_until is null or c.lease_until < now())
             and (select d.next_attempt_at from webhook_deliveries d
                   where d.account_id = c.account_id and d.endpoint_id = c.id and d.status = 'pending'
                   order by d.position limit 1) <= now())
        update webhook_endpoints w set lease_owner = $1, lease_until = now() + $2 * interval '1 millisecond'
         where (w.account_id, w.id) in (
           select c.account_id, c.id from webhook_endpoints c
            where (c.account_id, c.id) in (select account_id, id from due where turn <= $6 order by turn, lease_until nulls first, id limit $3)
              and c.enabled and (c.lease_until is null or c.lease_until < now())
            for update skip locked)
        returning w.account_id, w.id, w.url, w.secret, w.previous_secret, w.previous_secret_expires_at, w.failing_since`,
      [owner, leaseMs, limit, [...held.keys()], [...held.values()], perAccount],
    );
    const now = Date.now();
    return rows.map((row) => {
      const previousUntil = instant(row.previous_secret_expires_at);
      return {
        accountId: row.account_id,
        id: row.id,
        url: row.url,
        secrets: row.previous_secret && previousUntil && previousUntil.getTime() > now ? [row.secret, row.previous_secret] : [row.secret],
        failingSince: instant(row.failing_since),
      };
    });
  }

  /** The endpoint's queue, oldest first. */
  async pending(endpoint: ClaimedEndpoint, limit: number): Promise<QueuedDelivery[]> {
    const rows = await queryRows<{ id: string; event_id: string; body: string; attempts: number; next_attempt_at: Date | string }>(
      this.em,
      `select id, event_id, body, attempts, next_attempt_at from webhook_deliveries
        where account_id = $1 and endpoint_id = $2 and status = 'pending' order by position limit $3`,
      [endpoint.accountId, endpoint.id, limit],
    );
    return rows.map((row) => ({ id: row.id, eventId: row.event_id, body: row.body, attempts: row.attempts, nextAttemptAt: instant(row.next_attempt_at)! }));
  }

  /**
   * Records one attempt and its consequences, and renews the lease, in one statement. Returns false when the
   * lease is no longer this sender's, or the endpoint was deleted or disabled: the sender stops there.
   */
  async record(owner: string, leaseMs: number, endpoint: ClaimedEndpoint, delivery: QueuedDelivery, attempt: AttemptRecord, decision: AttemptDecision): Promise<boolean> {
    const rows = await this.withoutFlushWait(() =>
      queryRows<{ enabled: boolean }>(
        this.em,
        `with delivery as (
           update webhook_deliveries set status = $4, attempts = attempts + 1, next_attempt_at = coalesce($5, next_attempt_at),
                  last_attempt_at = $6, last_status_code = $7, last_response_body = $8, last_error = $9, last_duration_ms = $10
            where account_id = $1 and endpoint_id = $2 and id = $3)
         update webhook_endpoints set lease_until = now() + $12 * interval '1 millisecond', failing_since = $13,
                enabled = enabled and $14::text is null, disabled_reason = coalesce($14, disabled_reason)
          where account_id = $1 and id = $2 and lease_owner = $11
          returning enabled`,
        [
          endpoint.accountId,
          endpoint.id,
          delivery.id,
          decision.status,
          decision.nextAttemptAt?.toISOString() ?? null,
          attempt.attemptedAt.toISOString(),
          attempt.statusCode,
          attempt.responseBody,
          attempt.error,
          attempt.durationMs,
          owner,
          leaseMs,
          decision.failingSince?.toISOString() ?? null,
          decision.disableReason ?? null,
        ],
      ),
    );
    return rows.length > 0 && rows[0].enabled;
  }

  /** Lets the endpoint go; its lease_until, now past, says when it was last served (claim serves the oldest first). */
  async release(owner: string, endpoint: ClaimedEndpoint): Promise<void> {
    await writeRows(this.em, 'update webhook_endpoints set lease_owner = null, lease_until = now() where account_id = $1 and id = $2 and lease_owner = $3', [endpoint.accountId, endpoint.id, owner]);
  }

  /** Deletes up to `batch` finished deliveries older than the event log keeps events; returns how many. */
  async sweep(retentionDays: number, batch: number): Promise<number> {
    return writeRows(
      this.em,
      `delete from webhook_deliveries where ctid = any(array(
         select ctid from webhook_deliveries where status <> 'pending' and created_at < now() - $1 * interval '1 day' limit $2))`,
      [retentionDays, batch],
    );
  }

  /** Deliveries waiting for an attempt, across every account (the backlog metric). */
  async backlog(): Promise<number> {
    const [{ n }] = await queryRows<{ n: string }>(this.em, "select count(*) as n from webhook_deliveries where status = 'pending'", []);
    return Number(n);
  }

  /**
   * `work` in one transaction whose commit does not wait for its WAL flush, which would bound a sender to the disk's
   * flush rate. A database crash can lose only the newest records, and a lost record means a resend (at least once),
   * never a lost delivery: a lost fan-out loses its cursor move with it, and the events are durable.
   */
  private withoutFlushWait<T>(work: () => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => {
      await queryRows(this.em, "select set_config('synchronous_commit', 'off', true)", []);
      return work();
    });
  }
}
