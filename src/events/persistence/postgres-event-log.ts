import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { newId } from '../../shared/ids';
import { openTransaction } from '../../shared/persistence/prepared-query';
import { EventLog, NewEvent } from '../domain/event-log';

/**
 * Takes the next sequences from the account's counter row and inserts the events, in one statement on the
 * caller's transaction. The counter row stays locked until that transaction ends: the account's next writer
 * waits here, so sequences commit in order and a rollback gives its numbers back (docs/events.md).
 */
const APPEND_SQL = `
  with counter as (
    insert into event_sequences as s (account_id, last_sequence) values (?, ?)
    on conflict (account_id) do update set last_sequence = s.last_sequence + excluded.last_sequence
    returning last_sequence
  )
  insert into events (account_id, sequence, id, type, occurred_at, tournament_id, league_id, data)
  select ?, counter.last_sequence - ? + e.ordinality, (e.value ->> 'id')::uuid, e.value ->> 'type', now(),
         (e.value ->> 'tournament_id')::uuid, (e.value ->> 'league_id')::uuid, e.value -> 'data'
    from counter, jsonb_array_elements(?::jsonb) with ordinality as e(value, ordinality)`;

@Injectable()
export class PostgresEventLog extends EventLog {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async append(...events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const transaction = openTransaction(this.em);
    if (!transaction) throw new Error('EventLog.append must run inside UnitOfWork.run: the event commits with the change or not at all.');
    const accountId = events[0].accountId;
    if (events.some((event) => event.accountId !== accountId)) throw new Error('EventLog.append: one account per call.');
    const now = Date.now();
    const rows = events.map((event) => ({
      id: newId(now),
      type: event.type,
      tournament_id: event.tournamentId ?? null,
      league_id: event.leagueId ?? null,
      data: event.data,
    }));
    await transaction.execute(APPEND_SQL, [accountId, events.length, accountId, events.length, JSON.stringify(rows)], 'run');
  }
}
