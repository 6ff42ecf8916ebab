import { MikroORM } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { queryRows } from '../platform/persistence/sql';

@Injectable()
export class DatabaseHealth {
  /** Once the schema is current it stays current for this process: no need to ask again. */
  private migrationsCurrent = false;

  constructor(private readonly orm: MikroORM) {}

  async isReachable(): Promise<boolean> {
    try {
      await queryRows(this.orm.em, 'select 1', []);
      return true;
    } catch {
      return false;
    }
  }

  async pendingMigrations(): Promise<string[]> {
    if (this.migrationsCurrent) return [];
    const pending = (await this.orm.getMigrator().getPendingMigrations()).map((migration) => migration.name);
    this.migrationsCurrent = pending.length === 0;
    return pending;
  }
}
