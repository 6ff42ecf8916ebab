import { MikroORM, PostgreSqlDriver, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyRequest } from 'fastify';
import type { AccountsService, AuthenticatedAccount } from '../accounts.service';
import { InvalidTokenError, MissingTokenError, SubscriptionRequiredError } from '../domain/account-errors';
import { BearerStrategy } from './bearer.strategy';
import { CallerIdentification } from './caller-identification';

const ADA: AuthenticatedAccount = { id: '0192f0a4-7c3e-7b7a-9c1e-000000000001', email: 'ada@example.com' };

/** The passport bearer strategy for real, over an accounts service that knows two tokens. */
function accountsKnowing(): { authenticate: jest.Mock; contexts: boolean[] } {
  const contexts: boolean[] = [];
  const authenticate = jest.fn(async (token: string) => {
    contexts.push(RequestContext.currentRequestContext() !== undefined);
    if (token === 'tlm_ada') return ADA;
    if (token === 'tlm_free') throw new SubscriptionRequiredError();
    throw new InvalidTokenError();
  });
  return { authenticate, contexts };
}

const requestWith = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization }, query: { access_token: 'tlm_ada' }, body: { access_token: 'tlm_ada' } }) as unknown as FastifyRequest;

describe('CallerIdentification', () => {
  let orm: MikroORM;
  let accounts: ReturnType<typeof accountsKnowing>;
  let callers: CallerIdentification;

  beforeAll(async () => {
    orm = await MikroORM.init({ driver: PostgreSqlDriver, dbName: 'never_connected', entities: [], discovery: { warnWhenNoEntities: false }, connect: false });
  });

  afterAll(() => orm.close());

  beforeEach(() => {
    accounts = accountsKnowing();
    // Registers itself with passport under BEARER_STRATEGY, as in the application.
    new BearerStrategy(accounts as unknown as AccountsService);
    callers = new CallerIdentification(orm);
  });

  it('runs the strategy once per request however often it is asked, and puts the account where handlers read it', async () => {
    const request = requestWith('Bearer tlm_ada');
    const [first, second, account] = await Promise.all([callers.identify(request), callers.identify(request), callers.account(request)]);
    expect(first).toEqual({ account: ADA });
    expect(second).toBe(first);
    expect(account).toBe(ADA);
    expect(accounts.authenticate).toHaveBeenCalledTimes(1);
    expect(request.user).toBe(ADA);
    expect(request.accountId).toBe(ADA.id);
  });

  it('asks again for another request', async () => {
    await callers.identify(requestWith('Bearer tlm_ada'));
    await callers.identify(requestWith('Bearer tlm_ada'));
    expect(accounts.authenticate).toHaveBeenCalledTimes(2);
  });

  it.each([
    ['no Authorization header', undefined, MissingTokenError],
    ['another scheme', 'Basic dXNlcjpwYXNz', MissingTokenError],
    ['an unknown token', 'Bearer tlm_nobody', InvalidTokenError],
    ['a token of an account without the plan', 'Bearer tlm_free', SubscriptionRequiredError],
  ])('refuses %s, says why, and identifies nobody', async (_case, authorization, refusal) => {
    const request = requestWith(authorization);
    const caller = await callers.identify(request);
    expect(caller.refusal).toBeInstanceOf(refusal);
    expect(await callers.account(request)).toBeUndefined();
    expect(request.accountId).toBeUndefined();
  });

  it('never reads a token from the query string or the body', async () => {
    expect((await callers.identify(requestWith())).refusal).toBeInstanceOf(MissingTokenError);
    expect(accounts.authenticate).not.toHaveBeenCalled();
  });

  it('gives a request refused before routing (no request context yet) one of its own for the lookup', async () => {
    await callers.identify(requestWith('Bearer tlm_ada'));
    expect(accounts.contexts).toEqual([true]);
  });
});
