import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { newId } from '../../kernel/ids';
import { openTransaction, writeRows } from '../../platform/persistence/sql';
import { dataJson, EventLog, NewEvent } from '../domain/event-log';
import { AppendedCommits } from './appended-commits';

/** The columns a writer fills (the transaction id and the ordinal are the table's defaults). */
export const EVENT_INSERT = 'insert into events (account_id, id, type, occurred_at, tournament_id, league_id, data)';

/**
 * Inserts the events, unnumbered, in one statement on the caller's transaction: they carry its transaction id and
 * their order, and the sequencer numbers them once the transaction has ended (committed; a rolled-back one leaves
 * nothing). Nothing here locks: an account's writers run side by side.
 */
const APPEND_SQL = `
  ${EVENT_INSERT}
  select ?, (e.value ->> 'id')::uuid, e.value ->> 'type', now(),
         (e.value ->> 'tournament_id')::uuid, (e.value ->> 'league_id')::uuid, e.value -> 'data'
    from jsonb_array_elements(?::jsonb) with ordinality as e(value, ordinality)
   order by e.ordinality`;

@Injectable()
export class PostgresEventLog extends EventLog {
  constructor(
    private readonly em: EntityManager,
    private readonly commits: AppendedCommits,
  ) {
    super();
  }

  async append(...events: NewEvent[]): Promise<void> {
    if (events.length === 0) return;
    const transaction = openTransaction(this.em);
    if (!transaction) throw new Error('EventLog.append must run inside UnitOfWork.run: the event commits with the change or not at all.');
    const accountId = events[0].accountId;
    if (events.some((event) => event.accountId !== accountId)) throw new Error('EventLog.append: one account per call.');
    const now = Date.now();
    const rows = events.map((event) => {
      const head = JSON.stringify({ id: newId(now), type: event.type, tournament_id: event.tournamentId ?? null, league_id: event.leagueId ?? null });
      return `${head.slice(0, -1)},"data":${dataJson(event.data)}}`;
    });
    await writeRows(this.em, APPEND_SQL, [accountId, `[${rows.join(',')}]`]);
    this.commits.mark(transaction.getTransactionContext() as object);
  }
}
