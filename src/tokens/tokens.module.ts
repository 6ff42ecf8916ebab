import { MikroOrmModule } from '@mikro-orm/nestjs';
import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { AccountsService } from './accounts.service';
import { AccountsRepository } from './domain/accounts.repository';
import { AuthenticationRequiredGuard } from './http/authentication-required.guard';
import { BearerAuthGuard } from './http/bearer-auth.guard';
import { BearerStrategy } from './http/bearer.strategy';
import { AccountSchema, ApiTokenSchema } from './persistence/account.schema';
import { MikroOrmAccountsRepository } from './persistence/mikro-orm-accounts.repository';

/**
 * Accounts, plans and API tokens. Exports the guards; AppModule installs them
 * globally around the rate limiter, in that order.
 */
@Module({
  imports: [MikroOrmModule.forFeature([AccountSchema, ApiTokenSchema]), PassportModule],
  providers: [
    AccountsService,
    { provide: AccountsRepository, useClass: MikroOrmAccountsRepository },
    BearerStrategy,
    BearerAuthGuard,
    AuthenticationRequiredGuard,
  ],
  exports: [AccountsService, BearerAuthGuard, AuthenticationRequiredGuard],
})
export class TokensModule {}
