import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-http-bearer';
import { AccountsService, AuthenticatedAccount } from '../accounts.service';

export const BEARER_STRATEGY = 'api-token';

/**
 * passport-http-bearer, reading the token from the Authorization header only.
 * The library would also take `access_token` from the query string or body;
 * tokens there would end up in access logs and browser history, so we hand it
 * a request that has nothing but the headers.
 */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, BEARER_STRATEGY) {
  constructor(private readonly accounts: AccountsService) {
    super({ realm: 'api' });
  }

  override authenticate(request: { headers: Record<string, unknown> }, options?: object): void {
    super.authenticate({ headers: request.headers } as never, options);
  }

  validate(token: string): Promise<AuthenticatedAccount> {
    return this.accounts.authenticate(token);
  }
}
