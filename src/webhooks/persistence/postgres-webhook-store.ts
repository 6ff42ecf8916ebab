import { randomUUID } from 'node:crypto';
import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { EventType } from '../../events';
import { queryRows, writeRows } from '../../platform/persistence/sql';
import { UnitOfWork } from '../../platform/persistence/unit-of-work';
import { Delivery, DeliveryStatus } from '../domain/delivery';
import { EndpointFields, WebhookEndpoint } from '../domain/webhook-endpoint';
import { DeliveryPage, WebhookStore } from '../domain/webhook-store';
import { newestSequenceSql, numberedEventsSql } from '../../events';
import { EventRow, eventBody, instant } from './event-bodies';

const ENDPOINT_COLUMNS =
  'id, account_id, url, description, event_types, tournament_id, enabled, disabled_reason, failing_since, created_at, updated_at, previous_secret_expires_at';
const DELIVERY_COLUMNS =
  'id, endpoint_id, event_id, event_type, sequence, status, attempts, next_attempt_at, last_attempt_at, last_status_code, last_response_body, last_error, last_duration_ms, created_at, position';

interface EndpointRow {
  id: string;
  account_id: string;
  url: string;
  description: string | null;
  event_types: string[] | string | null;
  tournament_id: string | null;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
  previous_secret_expires_at: string | Date | null;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  sequence: string | number | null;
  status: string;
  attempts: number;
  next_attempt_at: string | Date;
  last_attempt_at: string | Date | null;
  last_status_code: number | null;
  last_response_body: string | null;
  last_error: string | null;
  last_duration_ms: number | null;
  created_at: string | Date;
  position: string | number;
}

/** Endpoints and deliveries in PostgreSQL, through the request pool (the sending side has its own connections). */
@Injectable()
export class PostgresWebhookStore extends WebhookStore {
  constructor(
    private readonly em: EntityManager,
    private readonly unitOfWork: UnitOfWork,
  ) {
    super();
  }

  create(accountId: string, id: string, fields: EndpointFields, secret: string, limit: number): Promise<WebhookEndpoint | undefined> {
    return this.unitOfWork.run(async () => {
      // Concurrent creates of one account count one after the other.
      await queryRows(this.em, 'select pg_advisory_xact_lock(hashtextextended(?, 29))', [`webhooks:${accountId}`]);
      const [count] = await queryRows<{ n: number }>(this.em, 'select count(*)::int as n from webhook_endpoints where account_id = ?', [accountId]);
      if (count.n >= limit) return undefined;
      // New endpoints get the events from now on: the cursor starts at the account's newest event.
      const [row] = await queryRows<EndpointRow>(
        this.em,
        `insert into webhook_endpoints (account_id, id, url, description, event_types, tournament_id, enabled, disabled_reason, secret)
         values (?, ?, ?, ?, string_to_array(?, ','), ?, ?, ?, ?)
         returning ${ENDPOINT_COLUMNS}`,
        [accountId, id, fields.url, fields.description, fields.eventTypes?.join(',') ?? null, fields.tournamentId, fields.enabled, fields.enabled ? null : 'Disabled through the API.', secret],
      );
      await queryRows(
        this.em,
        `insert into webhook_cursors (account_id, endpoint_id, cursor) values (?, ?, ${newestSequenceSql('?')})`,
        [accountId, id, accountId],
      );
      return toEndpoint(row);
    });
  }

  async list(accountId: string): Promise<WebhookEndpoint[]> {
    const rows = await queryRows<EndpointRow>(this.em, `select ${ENDPOINT_COLUMNS} from webhook_endpoints where account_id = ? order by created_at, id`, [accountId]);
    return rows.map(toEndpoint);
  }

  async get(accountId: string, id: string): Promise<WebhookEndpoint | undefined> {
    const [row] = await queryRows<EndpointRow>(this.em, `select ${ENDPOINT_COLUMNS} from webhook_endpoints where account_id = ? and id = ?`, [accountId, id]);
    return row ? toEndpoint(row) : undefined;
  }

  async update(accountId: string, id: string, fields: EndpointFields): Promise<WebhookEndpoint | undefined> {
    // Enabling a disabled endpoint starts it at the newest event (POST …/replay re-sends what it missed) and clears
    // its failure streak; disabling it keeps its queue for when it comes back.
    const [row] = await queryRows<EndpointRow>(
      this.em,
      `with restart as (
         update webhook_cursors c set cursor = ${newestSequenceSql('c.account_id')}
          where c.account_id = ? and c.endpoint_id = ? and ?
            and not (select enabled from webhook_endpoints e where e.account_id = c.account_id and e.id = c.endpoint_id))
       update webhook_endpoints w set
         url = ?, description = ?, event_types = string_to_array(?, ','), tournament_id = ?, enabled = ?,
         disabled_reason = case when ? then null else coalesce(w.disabled_reason, 'Disabled through the API.') end,
         failing_since = case when ? and not w.enabled then null else w.failing_since end,
         updated_at = now()
       where account_id = ? and id = ?
       returning ${ENDPOINT_COLUMNS}`,
      [accountId, id, fields.enabled, fields.url, fields.description, fields.eventTypes?.join(',') ?? null, fields.tournamentId, fields.enabled, fields.enabled, fields.enabled, accountId, id],
    );
    return row ? toEndpoint(row) : undefined;
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const rows = await queryRows<{ id: string }>(this.em, 'delete from webhook_endpoints where account_id = ? and id = ? returning id', [accountId, id]);
    return rows.length > 0;
  }

  async rotateSecret(accountId: string, id: string, secret: string, previousExpiresAt: Date): Promise<WebhookEndpoint | undefined> {
    const [row] = await queryRows<EndpointRow>(
      this.em,
      `update webhook_endpoints set previous_secret = secret, previous_secret_expires_at = ?, secret = ?, updated_at = now()
        where account_id = ? and id = ? returning ${ENDPOINT_COLUMNS}`,
      [previousExpiresAt.toISOString(), secret, accountId, id],
    );
    return row ? toEndpoint(row) : undefined;
  }

  async deliveries(accountId: string, endpointId: string, before: number | null, limit: number): Promise<DeliveryPage> {
    const rows = await queryRows<DeliveryRow>(
      this.em,
      `select ${DELIVERY_COLUMNS} from webhook_deliveries
        where account_id = ? and endpoint_id = ? and position < ? order by position desc limit ?`,
      [accountId, endpointId, before ?? '9223372036854775807', limit + 1],
    );
    const deliveries = rows.slice(0, limit).map(toDelivery);
    return { deliveries, nextBefore: rows.length > limit ? deliveries[deliveries.length - 1].position : null };
  }

  async recentFailures(accountId: string, limit: number): Promise<Delivery[]> {
    const rows = await queryRows<DeliveryRow>(
      this.em,
      `select ${DELIVERY_COLUMNS} from webhook_deliveries
        where account_id = ? and last_error is not null and status <> 'succeeded' order by last_attempt_at desc limit ?`,
      [accountId, limit],
    );
    return rows.map(toDelivery);
  }

  async retry(accountId: string, endpointId: string, deliveryId: string): Promise<Delivery | undefined> {
    const [row] = await queryRows<DeliveryRow>(
      this.em,
      `update webhook_deliveries set status = 'pending', next_attempt_at = now()
        where account_id = ? and endpoint_id = ? and id = ? returning ${DELIVERY_COLUMNS}`,
      [accountId, endpointId, deliveryId],
    );
    return row ? toDelivery(row) : undefined;
  }

  enqueue(accountId: string, endpointId: string, message: { id: string; type: string; body: string }, pendingLimit: number): Promise<Delivery | undefined> {
    return this.unitOfWork.run(async () => {
      const queue = await this.lockQueue(accountId, endpointId, pendingLimit);
      if (queue && queue.room <= 0) return undefined;
      const [row] = await queryRows<DeliveryRow>(
        this.em,
        `insert into webhook_deliveries (account_id, endpoint_id, id, event_id, event_type, body) values (?, ?, ?, ?, ?, ?) returning ${DELIVERY_COLUMNS}`,
        [accountId, endpointId, randomUUID(), message.id, message.type, message.body],
      );
      return toDelivery(row);
    });
  }

  replay(accountId: string, endpoint: WebhookEndpoint, after: number, max: number, pendingLimit: number): Promise<number | undefined> {
    return this.unitOfWork.run(async () => {
      const queue = await this.lockQueue(accountId, endpoint.id, pendingLimit);
      if (!queue) return 0;
      if (queue.room <= 0) return undefined;
      // An event the endpoint has waiting already goes out anyway: queuing it again would only store it twice.
      const rows = await queryRows<EventRow>(
        this.em,
        numberedEventsSql({
          accountId: '?',
          after: '?',
          where: `e.sequence <= ?
            and (?::text is null or e.type = any(string_to_array(?, ','))) and (?::uuid is null or e.tournament_id = ?)
            and not exists (select 1 from webhook_deliveries d
                             where d.account_id = e.account_id and d.endpoint_id = ? and d.event_id = e.id and d.status = 'pending')`,
          limit: '?',
        }),
        [
          accountId,
          after,
          queue.cursor,
          endpoint.eventTypes?.join(',') ?? null,
          endpoint.eventTypes?.join(',') ?? null,
          endpoint.tournamentId,
          endpoint.tournamentId,
          endpoint.id,
          Math.min(max, queue.room),
        ],
        { planEachTime: true },
      );
      if (rows.length === 0) return 0;
      await writeRows(
        this.em,
        `insert into webhook_deliveries (account_id, endpoint_id, id, event_id, event_type, sequence, body)
         select ?, ?, gen_random_uuid(), t.event_id, t.event_type, t.sequence, t.body
           from unnest(?::uuid[], ?::text[], ?::bigint[], ?::text[]) with ordinality as t(event_id, event_type, sequence, body, n)
          order by t.n`,
        [accountId, endpoint.id, rows.map((r) => r.id), rows.map((r) => r.type), rows.map((r) => Number(r.sequence)), rows.map(eventBody)],
        { planEachTime: true },
      );
      return rows.length;
    });
  }

  /**
   * Locks the endpoint's cursor row, so requests that add to its queue count and add one after the other. Returns
   * the cursor and how many more deliveries may wait (`pendingLimit` less those waiting), or undefined when the
   * endpoint is gone.
   */
  private async lockQueue(accountId: string, endpointId: string, pendingLimit: number): Promise<{ cursor: string; room: number } | undefined> {
    const [cursor] = await queryRows<{ cursor: string }>(this.em, 'select cursor from webhook_cursors where account_id = ? and endpoint_id = ? for update', [accountId, endpointId]);
    if (!cursor) return undefined;
    const [waiting] = await queryRows<{ n: number }>(
      this.em,
      `select count(*)::int as n from (select 1 from webhook_deliveries where account_id = ? and endpoint_id = ? and status = 'pending' limit ?) w`,
      [accountId, endpointId, pendingLimit],
    );
    return { cursor: cursor.cursor, room: pendingLimit - waiting.n };
  }
}

export function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    accountId: row.account_id,
    url: row.url,
    description: row.description,
    eventTypes: parseTextArray(row.event_types) as EventType[] | null,
    tournamentId: row.tournament_id,
    enabled: row.enabled,
    disabledReason: row.disabled_reason,
    failingSince: instant(row.failing_since),
    createdAt: instant(row.created_at)!,
    updatedAt: instant(row.updated_at)!,
    previousSecretExpiresAt: instant(row.previous_secret_expires_at),
  };
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: row.id,
    endpointId: row.endpoint_id,
    eventId: row.event_id,
    eventType: row.event_type,
    sequence: row.sequence === null ? null : Number(row.sequence),
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    nextAttemptAt: row.status === 'pending' ? instant(row.next_attempt_at) : null,
    lastAttemptAt: instant(row.last_attempt_at),
    lastStatusCode: row.last_status_code,
    lastResponseBody: row.last_response_body,
    lastError: row.last_error,
    lastDurationMs: row.last_duration_ms,
    createdAt: instant(row.created_at)!,
    position: Number(row.position),
  };
}

/** text[] arrives parsed or as `{a,b}` depending on the path. */
function parseTextArray(value: string[] | string | null): string[] | null {
  if (value === null || Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((item) => item.replace(/^"|"$/g, ''));
}
