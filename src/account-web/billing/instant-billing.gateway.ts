import { Injectable } from '@nestjs/common';
import { AccountsService } from '../../tokens';
import { BillingGateway } from '../domain/billing.gateway';

/**
 * The built-in adapter: no payment is taken, premium starts and stops at once.
 * A payment provider replaces this class in AccountWebModule
 * (`{ provide: BillingGateway, useClass: ... }`): its `subscribe` would start
 * the provider's checkout, and the provider's confirmation (a webhook) would
 * call `AccountsService.changePlan`.
 */
@Injectable()
export class InstantBillingGateway extends BillingGateway {
  constructor(private readonly accounts: AccountsService) {
    super();
  }

  async subscribe(accountId: string): Promise<void> {
    await this.accounts.changePlan(accountId, 'premium');
  }

  async cancel(accountId: string): Promise<void> {
    await this.accounts.changePlan(accountId, 'free');
  }
}
