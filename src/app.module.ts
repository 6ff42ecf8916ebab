import { MikroOrmModule } from '@mikro-orm/nestjs';
import { DynamicModule, Module } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { ProblemFilter } from './platform/http/problem.filter';
import { RouteTable } from './platform/http/route-table';
import { BearerAuthGuard } from './tokens';
import { RateLimitGuard } from './rate-limit';
import { mikroOrmOptions } from './platform/persistence/mikro-orm.options';
import { MIGRATIONS } from './migrations';
import { PlatformModule } from './platform/platform.module';
import { InstalledModulesModule } from './platform/installed-modules.module';
import { MODULES } from './modules';

/** The application: the platform, then every module of the list (src/modules.ts). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, routes: RouteTable, logger: Logger): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot(mikroOrmOptions(config, logger, MIGRATIONS)),
        PlatformModule,
        InstalledModulesModule.forRoot(MODULES),
        ...MODULES.flatMap((manifest) => manifest.nestModules),
      ],
      providers: [
        { provide: RouteTable, useValue: routes },
        ProblemFilter,
        { provide: APP_FILTER, useExisting: ProblemFilter },
        // Global guards run in this order: count the request against its caller's budget (identifying the caller),
        // then refuse an unidentified caller, so refused attempts are counted too.
        { provide: APP_GUARD, useExisting: RateLimitGuard },
        { provide: APP_GUARD, useExisting: BearerAuthGuard },
      ],
    };
  }
}
