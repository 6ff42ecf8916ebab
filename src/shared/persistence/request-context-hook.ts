import { MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';

/**
 * Every request gets its own MikroORM context (identity map), as `registerRequestContext` would give it, but from
 * a plain Fastify `onRequest` hook: the Nest middleware that option registers runs through middie's path
 * matching and Nest's middleware wrapper on every request, for the same fork.
 */
export function forkContextPerRequest(fastify: FastifyInstance, orm: MikroORM): void {
  fastify.addHook('onRequest', (_request, _reply, done) => {
    RequestContext.create(orm.em, done);
  });
}
