import { EntitySchema } from '@mikro-orm/core';
import { EntityManager, MikroORM, PostgreSqlDriver, RequestContext } from '@mikro-orm/postgresql';
import Fastify, { FastifyInstance } from 'fastify';
import { forkContextPerRequest } from './request-context-hook';

class Thing {
  id!: string;
}

const ThingSchema = new EntitySchema<Thing>({ class: Thing, properties: { id: { type: 'uuid', primary: true } } });

/** What a route saw of its request's MikroORM context. */
interface Seen {
  forksBeforeUse: number;
  em: EntityManager;
  sameEmWhenAskedAgain: boolean;
}

describe('forkContextPerRequest', () => {
  let orm: MikroORM;
  let fastify: FastifyInstance;
  const seen: Seen[] = [];

  beforeAll(async () => {
    // No connection: forking needs none, and this spec does no I/O.
    orm = await MikroORM.init({ driver: PostgreSqlDriver, dbName: 'never_connected', entities: [ThingSchema], connect: false, allowGlobalContext: false });
    fastify = Fastify();
    forkContextPerRequest(fastify, orm);
    fastify.get('/', async () => {
      const forksBeforeUse = RequestContext.currentRequestContext()!.map.size;
      const em = RequestContext.getEntityManager()! as EntityManager;
      seen.push({ forksBeforeUse, em, sameEmWhenAskedAgain: RequestContext.getEntityManager() === em });
      return {};
    });
    fastify.get('/untouched', async () => ({ forks: RequestContext.currentRequestContext()!.map.size }));
    fastify.get('/another', async () => {
      const context = RequestContext.currentRequestContext()!;
      return { found: context.map.get('another') !== undefined, forks: context.map.size };
    });
  });

  afterAll(async () => {
    await fastify.close();
    await orm.close();
  });

  it('gives every request a context of its own that forks the EntityManager only when first asked', async () => {
    await fastify.inject('/');
    await fastify.inject('/');
    const [first, second] = seen;
    expect(first.forksBeforeUse).toBe(0);
    expect(first.em).not.toBe(orm.em);
    expect(first.em.id).not.toBe(orm.em.id);
    expect(first.sameEmWhenAskedAgain).toBe(true);
    expect(second.em).not.toBe(first.em);
  });

  it('leaves a request that never asks without a fork', async () => {
    expect((await fastify.inject('/untouched')).json()).toEqual({ forks: 0 });
  });

  it('forks for the default EntityManager only', async () => {
    expect((await fastify.inject('/another')).json()).toEqual({ found: false, forks: 0 });
  });
});
