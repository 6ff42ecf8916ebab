import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows } from '../../platform/persistence/sql';
import { AccountEvent, EventRead, EventStore, SequencingPass, TailPosition } from '../domain/event-store';
import { EventFilters } from '../domain/stored-event';
import { MaintenanceConnection } from './maintenance-connection';
import { EventRow, storedEventOf } from '../event-rows';

/** Any constant: the advisory lock that lets one sequencer run at a time, across instances. */
export const SEQUENCER_LOCK = 2_028_112_520;
const EVENT_COLUMNS = 'e.sequence, e.id, e.type, e.occurred_at, e.tournament_id, e.league_id, e.data';

/** The event log's reads, in PostgreSQL. Each read is one statement, so what it returns is one snapshot. */
@Injectable()
export class PostgresEventStore extends EventStore {
  constructor(
    private readonly em: EntityManager,
    private readonly maintenance: MaintenanceConnection,
  ) {
    super();
  }

  async read(accountId: string, after: number, filters: EventFilters, limit: number): Promise<EventRead> {
    const conditions = ['e.account_id = ?', 'e.sequence > ?'];
    const values: unknown[] = [accountId, accountId, accountId, after];
    if (filters.types) {
      conditions.push("e.type = any(string_to_array(?, ','))");
      values.push(filters.types.join(','));
    }
    if (filters.tournamentId) {
      conditions.push('e.tournament_id = ?');
      values.push(filters.tournamentId);
    }
    values.push(limit);
    // The head and the retention mark come from the same snapshot as the page: nothing committed between them.
    const rows = await queryRows<EventRow & { head: string | number; expired_through: string | number }>(
      this.em,
      `select h.head, h.expired_through, page.*
         from (select coalesce((select last_sequence from event_sequences where account_id = ?), 0) as head,
                      coalesce((select expired_through from event_retention where account_id = ?), 0) as expired_through) h
         left join lateral (
           select ${EVENT_COLUMNS} from events e where ${conditions.join(' and ')} order by e.sequence limit ?
         ) page on true`,
      values,
    );
    const [first] = rows;
    return {
      events: first.sequence === null ? [] : rows.map(storedEventOf),
      head: Number(first.head),
      expiredThrough: Number(first.expired_through),
    };
  }

  async head(accountId: string): Promise<number> {
    const [row] = await queryRows<{ last_sequence: string }>(this.em, 'select last_sequence from event_sequences where account_id = ?', [accountId]);
    return row ? Number(row.last_sequence) : 0;
  }

  /**
   * On the maintenance connection, after the sequencer's pass that woke it: from the request pool, the live streams'
   * read would queue behind every request waiting there, and a busy instance delivered its events seconds late.
   */
  async readTails(positions: TailPosition[], limit: number): Promise<AccountEvent[]> {
    if (positions.length === 0) return [];
    const rows = await this.maintenance.query<EventRow & { account_id: string }>(
      `select e.account_id, ${EVENT_COLUMNS}
         from unnest(string_to_array($1, ',')::uuid[], string_to_array($2, ',')::bigint[]) as t(account_id, after)
         join lateral (select * from events e where e.account_id = t.account_id and e.sequence > t.after order by e.sequence limit $3) e on true
        order by e.account_id, e.sequence`,
      [positions.map((p) => p.accountId).join(','), positions.map((p) => p.after).join(','), limit],
      'events-read-tails',
    );
    return rows.map((row) => ({ ...storedEventOf(row), accountId: row.account_id }));
  }

  async lastSequenceOfTournament(accountId: string, tournamentId: string): Promise<number> {
    const [row] = await queryRows<{ sequence: string | null; type: string }>(
      this.em,
      'select sequence, type from events where account_id = ? and tournament_id = ? order by sequence desc nulls first limit 1',
      [accountId, tournamentId],
    );
    // A change not numbered yet, or a deleted tournament: no tag, so nothing answers 304 from an older one.
    return row && row.sequence !== null && row.type !== 'tournament.deleted' ? Number(row.sequence) : 0;
  }

  /**
   * Every event of a transaction below this id is numbered (docs/events.md: why numbering starts here). Each pass
   * scans from it, so the index entries of rows numbered earlier (dead until vacuumed) are never walked again. It is
   * this instance's knowledge, so another instance's passes only leave it lower than it could be, never wrong.
   */
  private numberedBelow = '0';

  /**
   * One statement (its own transaction, so the advisory lock lasts as long as it does): take the lock, number what
   * has committed, and notify its accounts' readers. Its snapshot
   * is taken before the lock, so another instance's pass can commit in between unseen: locking the ready rows
   * re-reads each one's latest version and skips those that pass numbered (else they would be numbered twice).
   */
  async sequencePending(batch: number, handOver: readonly string[] = []): Promise<SequencingPass> {
    const [pass] = await this.maintenance.query<{
      locked: boolean;
      numbered: number;
      notified: number;
      horizon: string;
      last_xid: string | null;
      handed_over: (EventRow & { account_id: string })[] | null;
    }>(
      `with lock as materialized (
         select pg_try_advisory_xact_lock($2) as locked
       ), ready as materialized (
         select account_id, id, xid, ordinal from events
          where (select locked from lock) and sequence is null
            and xid >= $3::xid8
          order by xid, ordinal limit $1
            for no key update
       ), numbered as (
         select account_id, id, row_number() over (partition by account_id order by xid, ordinal) as n,
                count(*) over (partition by account_id) as total
           from ready
       ), bumped as (
         insert into event_sequences as s (account_id, last_sequence)
         select distinct account_id, total from numbered
         on conflict (account_id) do update set last_sequence = s.last_sequence + excluded.last_sequence
         returning account_id, last_sequence
       ), sequenced as (
         update events e set sequence = b.last_sequence - n.total + n.n
           from numbered n join bumped b on b.account_id = n.account_id
          where e.account_id = n.account_id and e.id = n.id
         returning e.account_id, ${EVENT_COLUMNS}
       ), notified as (
         select pg_notify('events_sequenced', account_id::text || ':' || max(sequence)) from sequenced group by account_id
       )
       select (select locked from lock) as locked,
              (select count(*)::int from sequenced) as numbered,
              (select count(*)::int from notified) as notified,
              pg_snapshot_xmin(pg_current_snapshot())::text as horizon,
              (select max(xid)::text from ready) as last_xid,
              (select json_agg(json_build_object('account_id', account_id, 'sequence', sequence, 'id', id, 'type', type,
                        'occurred_at', occurred_at::text, 'tournament_id', tournament_id, 'league_id', league_id, 'data', data)
                      order by account_id, sequence)
                 from sequenced where account_id = any($4::uuid[])) as handed_over`,
      [batch, SEQUENCER_LOCK, this.numberedBelow, handOver],
      'events-sequence-pending',
    );
    if (!pass.locked) return { busy: true, numbered: 0, waiting: true, handedOver: [] };
    // Transactions still open hold their events back from no one, but they may commit them later: the next pass
    // starts no higher than the oldest of them (the horizon). A full batch may also have left later events of its
    // last transaction, and of those after it.
    const full = pass.numbered === batch;
    const below = full && BigInt(pass.last_xid!) < BigInt(pass.horizon) ? pass.last_xid! : pass.horizon;
    if (BigInt(below) > BigInt(this.numberedBelow)) this.numberedBelow = below;
    const handedOver = (pass.handed_over ?? []).map((row) => ({ ...storedEventOf(row), accountId: row.account_id }));
    return { busy: false, numbered: pass.numbered, waiting: full, handedOver };
  }

  /**
   * Marks, per account, the highest sequence among the oldest expired events, then deletes up to that mark: an
   * account's events go as a prefix, so a feed never skips one that is still there. The mark commits with the
   * deletion; nothing a writer needs is locked.
   */
  async sweep(before: Date, batch: number): Promise<number> {
    return this.maintenance.transaction(async (client) => {
      const { rows: marks } = await client.query<{ account_id: string }>(
        `insert into event_retention as r (account_id, expired_through)
         select account_id, max(sequence) from (
           select account_id, sequence from events where sequence is not null and occurred_at < $1 order by occurred_at limit $2
         ) doomed group by account_id
         on conflict (account_id) do update set expired_through = greatest(r.expired_through, excluded.expired_through)
         returning account_id`,
        [before, batch],
      );
      if (marks.length === 0) return 0;
      const result = await client.query(
        `delete from events e using event_retention r
          where r.account_id = any($1::uuid[]) and e.account_id = r.account_id and e.sequence <= r.expired_through`,
        [marks.map((mark) => mark.account_id)],
      );
      return result.rowCount ?? 0;
    });
  }
}
