import { Module } from '@nestjs/common';
import { HealthModule } from '../health';
import { LeaguesModule } from '../leagues';
import { TournamentsModule } from '../tournaments';
import { TokensModule } from '../tokens';
import { WebhooksModule } from '../webhooks';
import { InstantBillingGateway } from './billing/instant-billing.gateway';
import { BillingGateway } from './domain/billing.gateway';
import { AccountAuthController } from './http/account-auth.controller';
import { AccountSettingsController } from './http/account-settings.controller';
import { HomeController } from './http/home.controller';
import { AccountSharingController } from './http/account-sharing.controller';
import { SharingOverview } from './http/sharing-overview';
import { CsrfGuard, FormSubmissionThrottle, SignedInGuard } from './http/page-guards';
import { PgSessionStore } from './persistence/pg-session.store';
import { SignInThrottle } from './persistence/sign-in-throttle';
import { TokenReveals } from './persistence/token-reveals';

/**
 * The home page at `/` and the account pages (sign up, sign in, plan, API token,
 * delete, sharing tournaments and leagues), served as HTML under /account. The Fastify plugins they need are registered by
 * registerAccountWebPlugins before the routes; PgSessionStore is exported for it.
 */
@Module({
  imports: [TokensModule, HealthModule, WebhooksModule, TournamentsModule, LeaguesModule],
  controllers: [HomeController, AccountAuthController, AccountSettingsController, AccountSharingController],
  providers: [
    // The place a payment provider plugs in: replace InstantBillingGateway with its adapter.
    { provide: BillingGateway, useClass: InstantBillingGateway },
    PgSessionStore,
    TokenReveals,
    SharingOverview,
    SignInThrottle,
    FormSubmissionThrottle,
    SignedInGuard,
    CsrfGuard,
  ],
  exports: [PgSessionStore],
})
export class AccountWebModule {}
