import { randomUUID } from 'node:crypto';
import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import { AccountsService } from '../../src/tokens/accounts.service';
import type { Plan } from '../../src/tokens/domain/plan';
import type { TestApp } from './test-app';

export interface TestAccount {
  email: string;
  token: string;
  id: string;
}

/** The accounts the helpers below made on each app: what `settled` waits for. */
const madeOn = new WeakMap<TestApp, Set<string>>();

export function accountIdsOf(testApp: TestApp): string[] {
  return [...(madeOn.get(testApp) ?? [])];
}

/** A premium account with a fresh API token, made through the real tokens module. */
export async function createPremiumAccount(testApp: TestApp, email = `rl-${randomUUID()}@example.com`): Promise<TestAccount> {
  return createAccountWithToken(testApp, 'premium', email);
}

/** An account on the given plan with a token (a free account's token is refused with 403). */
export async function createAccountWithToken(testApp: TestApp, plan: Plan, email = `acct-${randomUUID()}@example.com`): Promise<TestAccount> {
  return inRequestContext(testApp, async (accounts) => {
    const account = await accounts.createAccount({ email, plan });
    const token = await accounts.generateToken(email);
    madeOn.set(testApp, (madeOn.get(testApp) ?? new Set()).add(account.id));
    return { email, token, id: account.id };
  });
}

/** Issues a new token for the account, invalidating the previous one. */
export async function regenerateToken(testApp: TestApp, email: string): Promise<string> {
  return inRequestContext(testApp, (accounts) => accounts.generateToken(email));
}

/** The tokens module's use cases, run in their own EntityManager fork as a request would. */
export function inRequestContext<T>(testApp: TestApp, work: (accounts: AccountsService) => Promise<T>): Promise<T> {
  const accounts = testApp.app.get(AccountsService);
  return RequestContext.create(testApp.app.get(MikroORM).em, () => work(accounts));
}
