import { Controller, Get, Header, HttpCode, HttpStatus } from '@nestjs/common';
import { Public } from '../platform/auth/public.decorator';
import { ServiceUnavailableError } from '../kernel/domain-error';
import { DatabaseHealth } from './database-health';

/** Probes for the orchestrator: unauthenticated and never rate limited. */
@Public()
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseHealth) {}

  /** The process is up and serving HTTP. */
  @Get('live')
  @Header('cache-control', 'no-store')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The process can do useful work: the database answers and its schema is current. */
  @Get('ready')
  @HttpCode(HttpStatus.OK)
  @Header('cache-control', 'no-store')
  async ready(): Promise<{ status: 'ok'; checks: { database: 'ok'; migrations: 'ok' } }> {
    if (!(await this.database.isReachable())) throw new ServiceUnavailableError('The database is not reachable.');
    const pending = await this.database.pendingMigrations();
    if (pending.length > 0) {
      throw new ServiceUnavailableError(`${pending.length} database migration(s) have not been applied yet.`);
    }
    return { status: 'ok', checks: { database: 'ok', migrations: 'ok' } };
  }
}
