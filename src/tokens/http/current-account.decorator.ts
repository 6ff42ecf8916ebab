import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedAccount } from '../accounts.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's account, set by CallerIdentification. */
    user?: AuthenticatedAccount;
  }
}

/** The account whose token authenticated this request. */
export const CurrentAccount = createParamDecorator((_data: unknown, context: ExecutionContext): AuthenticatedAccount => {
  const account = context.switchToHttp().getRequest<FastifyRequest>().user;
  if (!account) throw new Error('CurrentAccount used on a route the bearer guard does not protect.');
  return account;
});
