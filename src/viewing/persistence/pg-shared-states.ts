import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { preparedRows } from '../../shared/persistence/prepared-query';
import { ReadContext, SharedState, SharedStates } from '../domain/shared-states';

/**
 * The state token is read from the rows viewers see, in one statement: a tournament's version and participant count,
 * and the count, newest update and version sum of its participants and of its matches (a league: its own version and
 * its tournaments' and their participants'). Every write the API makes moves one of them. Reads go by the partial
 * share-id indexes and the (account_id, tournament_id) keys of the child tables.
 */
const LOOKUP = `
  select 'tournament' as kind, t.account_id, t.id, concat_ws('/', t.version, t.participant_count,
    (select concat_ws(':', count(*), max(p.updated_at), sum(p.version)) from participants p where p.account_id = t.account_id and p.tournament_id = t.id),
    (select concat_ws(':', count(*), max(m.updated_at), sum(m.version)) from matches m where m.account_id = t.account_id and m.tournament_id = t.id)) as token
    from tournaments t where t.share_id = ?
  union all
  select 'league', l.account_id, l.id, concat_ws('/', l.version,
    (select concat_ws(':', count(*), max(t.updated_at), sum(t.version)) from tournaments t where t.account_id = l.account_id and t.league_id = l.id),
    (select concat_ws(':', count(*), max(p.updated_at), sum(p.version)) from participants p join tournaments t on t.account_id = p.account_id and t.id = p.tournament_id
      where t.account_id = l.account_id and t.league_id = l.id))
    from leagues l where l.share_id = ?
  limit 1`;

@Injectable()
export class PgSharedStates extends SharedStates {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lookup(shareId: string): Promise<SharedState | null> {
    const [row] = await preparedRows<{ kind: SharedState['kind']; account_id: string; id: string; token: string }>(this.em, LOOKUP, [shareId, shareId]);
    return row ? { kind: row.kind, accountId: row.account_id, id: row.id, token: row.token } : null;
  }
}

/** A fresh identity map per unit of work, whether or not a request is running. */
@Injectable()
export class MikroOrmReadContext extends ReadContext {
  constructor(private readonly em: EntityManager) {
    super();
  }

  run<T>(work: () => Promise<T>): Promise<T> {
    return RequestContext.create(this.em.fork(), work);
  }
}
