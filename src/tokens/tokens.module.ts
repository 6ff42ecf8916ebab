import { MikroOrmModule } from '@mikro-orm/nestjs';
import { AppMetrics } from '../metrics/app-metrics';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsService } from './accounts.service';
import { AccountsRepository } from './domain/accounts.repository';
import { AuthenticationRequiredGuard } from './http/authentication-required.guard';
import { BearerAuthGuard } from './http/bearer-auth.guard';
import { BearerStrategy } from './http/bearer.strategy';
import { AccountSchema, ApiTokenSchema } from './persistence/account.schema';
import { MikroOrmAccountsRepository } from './persistence/mikro-orm-accounts.repository';
import { PrincipalChangeListener } from './persistence/principal-change-listener';
import { PrincipalCache } from './principal-cache';

/**
 * Accounts, plans and API tokens. Exports the guards; AppModule installs them
 * globally around the rate limiter, in that order.
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
    { provide: AccountsRepository, useClass: MikroOrmAccountsRepository },
    BearerStrategy,
    BearerAuthGuard,
    AuthenticationRequiredGuard,
  ],
  exports: [AccountsService, BearerAuthGuard, AuthenticationRequiredGuard],
})
export class TokensModule {}
