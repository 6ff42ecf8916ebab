import { ExecutionContext, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

export const IS_PUBLIC = 'tlm:is-public';

/** Opts a controller or handler out of the bearer token check and the API rate limit (health, docs, pages). */
export const Public = (): ClassDecorator & MethodDecorator => SetMetadata(IS_PUBLIC, true);

/** Route metadata does not change after start: read it once per handler (both global guards ask on every request). */
const publicHandlers = new WeakMap<object, boolean>();

export function isPublic(reflector: Reflector, context: ExecutionContext): boolean {
  const handler = context.getHandler();
  let known = publicHandlers.get(handler);
  if (known === undefined) {
    known = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, context.getClass()]) === true;
    publicHandlers.set(handler, known);
  }
  return known;
}
