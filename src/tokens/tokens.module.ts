import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppMetrics } from '../metrics';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsService } from './accounts.service';
import { AccountsRepository } from './domain/accounts.repository';
import { BearerAuthGuard } from './http/bearer-auth.guard';
import { BearerStrategy } from './http/bearer.strategy';
import { CallerIdentification } from './http/caller-identification';
import { AccountSchema, ApiTokenSchema } from './persistence/account.schema';
import { PostgresAccountsRepository } from './persistence/postgres-accounts.repository';
import { PrincipalChangeListener } from './persistence/principal-change-listener';
import { PrincipalCache } from './principal-cache';
import './tokens.problems';

/**
 * Accounts, plans and API tokens. Exports CallerIdentification (who is calling, worked out once per request) and
 * BearerAuthGuard, which AppModule installs globally after the rate limiter's guard.
 */
@Module({
  imports: [MikroOrmModule.forFeature([AccountSchema, ApiTokenSchema]), PassportModule],
  providers: [
    AccountsService,
    {
      provide: PrincipalCache,
      useFactory: (metrics?: AppMetrics) =>
        new PrincipalCache({ onLookup: (hit) => (hit ? metrics?.tokenCacheHit() : metrics?.tokenCacheMiss()) }),
      inject: [{ token: AppMetrics, optional: true }],
    },
    PrincipalChangeListener,
    { provide: AccountsRepository, useClass: PostgresAccountsRepository },
    BearerStrategy,
    CallerIdentification,
    BearerAuthGuard,
  ],
  exports: [AccountsService, CallerIdentification, BearerAuthGuard],
})
export class TokensModule {}
