import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { newId } from '../kernel/ids';
import { preparedWrite } from '../platform/persistence/prepared-query';
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
    const changed = await preparedWrite(this.em, this.withEvent(sql), [
      ...values,
      event.accountId,
      newId(),
      event.type,
      event.tournamentId ?? null,
      event.leagueId ?? null,
      dataJson(event.data),
    ]);
    if (changed > 0) this.commits.appendedThrough(this.em);
    return changed;
  }

  private withEvent(sql: string): string {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = `with changed as (${sql} returning 1)
        ${EVENT_INSERT}
        select ?::uuid, ?::uuid, ?, now(), ?::uuid, ?::uuid, ?::jsonb from changed`;
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
