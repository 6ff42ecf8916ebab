import type { AsyncLocalStorage } from 'node:async_hooks';
import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/postgresql';
import type { FastifyInstance } from 'fastify';

/**
 * Every request gets its own MikroORM context (identity map), as `registerRequestContext` would give it, but from
 * a plain Fastify `onRequest` hook: the Nest middleware that option registers runs through middie's path
 * matching and Nest's middleware wrapper on every request, for the same fork.
 * The fork itself is made on first use: the hot reads run prepared SQL and never touch the identity map, and
 * forking an EntityManager (a new unit of work, change-set machinery, listeners) was a twentieth of their CPU.
 */
export function forkContextPerRequest(fastify: FastifyInstance, orm: MikroORM): void {
  // The storage RequestContext.create runs its contexts in; create() itself would fork at once.
  const contexts = (RequestContext as unknown as { storage: AsyncLocalStorage<RequestContext> }).storage;
  fastify.addHook('onRequest', (_request, _reply, done) => {
    contexts.run(new RequestContext(new ForkOnFirstUse(orm.em, contexts)), done);
  });
}

/** The context's map of forks by name, as MikroORM reads it (`map.get(name)`), forking the default one when first asked. */
class ForkOnFirstUse extends Map<string, EntityManager> {
  constructor(
    private readonly root: EntityManager,
    private readonly contexts: AsyncLocalStorage<RequestContext>,
  ) {
    super();
  }

  override get(name: string): EntityManager | undefined {
    const existing = super.get(name);
    if (existing || name !== this.root.name) return existing;
    // Forked outside the request's context, as RequestContext.create does: inside it, forking would ask this map again.
    const fork = this.contexts.exit(() => this.root.fork({ useContext: true }));
    this.set(name, fork);
    return fork;
  }
}
