/**
 * The billing port: where a payment provider plugs in. The settings page calls
 * it for `Subscribe to premium` and `Cancel premium`; the adapter decides when
 * the plan changes and changes it through the tokens module's AccountsService
 * (never its repository), so the API sees the new plan on its next request.
 */
export abstract class BillingGateway {
  abstract subscribe(accountId: string): Promise<void>;
  abstract cancel(accountId: string): Promise<void>;
}
