import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { newId } from '../kernel/ids';
import { queryRows, writeRows } from '../platform/persistence/sql';
import { dataJson, NewEvent } from './domain/event-log';
import { AppendedCommits } from './persistence/appended-commits';
import { EVENT_INSERT } from './persistence/postgres-event-log';

/**
 * A one-row write and its event as one SQL statement (a data-modifying CTE): PostgreSQL runs a statement
 * atomically, so the event exists if and only if the change commits, and a write that needs no other statement
 * costs one round trip, without BEGIN and COMMIT or the ORM's unit of work. Inside a UnitOfWork it runs on the
 * transaction's connection and commits with it. The event is inserted unnumbered with the writer's transaction
 * id, like EventLog.append, and the sequencer is woken once it has committed.
 */
@Injectable()
export class WritesWithEvents {
  private readonly statements = new Map<string, string>();

  constructor(
    private readonly em: EntityManager,
    private readonly commits: AppendedCommits,
  ) {}

  /**
   * Runs `sql`, one insert, update or delete with `?` placeholders and no `returning`, and appends `event` for
   * each row it changed (an adapter's write names one row by its key). Returns how many rows it changed.
   */
  async write(sql: string, values: readonly unknown[], event: NewEvent): Promise<number> {
    const changed = await writeRows(this.em, this.withEvent(sql, 'count'), [...values, ...eventValues(event)]);
    if (changed > 0) this.commits.appendedThrough(this.em);
    return changed;
  }

  /**
   * As `write`, for one row: returns the row's version as PostgreSQL keeps it after the write (`xmin`, as text), or
   * undefined when no row matched.
   */
  async writeRow(sql: string, values: readonly unknown[], event: NewEvent): Promise<string | undefined> {
    const [row] = await queryRows<{ row_version: string }>(this.em, this.withEvent(sql, 'row version'), [...values, ...eventValues(event)]);
    if (row) this.commits.appendedThrough(this.em);
    return row?.row_version;
  }

  private withEvent(sql: string, answer: 'count' | 'row version'): string {
    const key = `${answer}:${sql}`;
    let statement = this.statements.get(key);
    if (!statement) {
      statement =
        answer === 'count'
          ? `with changed as (${sql} returning 1)
        ${EVENT_INSERT}
        ${EVENT_VALUES}`
          : `with changed as (${sql} returning xmin::text as row_version),
        appended as (${EVENT_INSERT} ${EVENT_VALUES})
        select row_version from changed`;
      this.statements.set(key, statement);
    }
    return statement;
  }
}

const EVENT_VALUES = 'select ?::uuid, ?::uuid, ?, now(), ?::uuid, ?::uuid, ?::jsonb from changed';

function eventValues(event: NewEvent): unknown[] {
  return [event.accountId, newId(), event.type, event.tournamentId ?? null, event.leagueId ?? null, dataJson(event.data)];
}
