import { EntityManager, RequestContext } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import {
  leagueEventUnnumberedSql,
  newestLeagueEventSql,
  newestTournamentEventSql,
  tournamentEventUnnumberedSql,
} from '../../events';
import { sharedLeagueSql } from '../../leagues';
import { stationsVersionSql } from '../../matches';
import { queryRows } from '../../platform/persistence/sql';
import { leagueTournamentIdsSql, leagueTournamentsVersionSql, sharedTournamentSql } from '../../tournaments';
import { ReadContext, SharedState, SharedStates } from '../domain/shared-states';

/**
 * The state token comes from the event log (src/events): every change to a tournament, its participants or its
 * matches appends an event carrying the tournament's id, in the same transaction, so the sequence of its latest event
 * moves whenever anything a viewer sees may have. A league's token is the latest event of the league or of any of its
 * tournaments. Rows older than the log (or whose events were swept) have no such event: their token falls back to
 * their own version and counts, which every write moves too. Events are numbered just after their commit: while one
 * of its events waits for its number, the state is not settled (`pending`), since the token cannot show that change
 * yet. Stations change without an event: their count and latest change are in the token too (the schedule tab
 * shows their names). One statement, by the partial share-id indexes and the log's (account_id, tournament_id,
 * sequence) index, composed of the fragments each table's owner exports for readers like this one.
 */
const LEAGUE_TOURNAMENTS = leagueTournamentIdsSql('l.account_id', 'l.id');
const LOOKUP = `
  ${sharedTournamentSql(`'tournament' as kind, t.account_id, t.id, concat_ws('/',
    'e' || ${newestTournamentEventSql('t.account_id', 't.id')},
    t.version, t.participant_count,
    ${stationsVersionSql('t.account_id', 't.id')}) as token,
    ${tournamentEventUnnumberedSql('t.account_id', 't.id')} as pending`)}
  union all
  ${sharedLeagueSql(`'league', l.account_id, l.id, concat_ws('/',
    'e' || ${newestLeagueEventSql('l.account_id', 'l.id', LEAGUE_TOURNAMENTS)},
    l.version,
    ${leagueTournamentsVersionSql('l.account_id', 'l.id')}),
    ${leagueEventUnnumberedSql('l.account_id', 'l.id', LEAGUE_TOURNAMENTS)}`)}
  limit 1`;

@Injectable()
export class PgSharedStates extends SharedStates {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async lookup(shareId: string): Promise<SharedState | null> {
    const [row] = await queryRows<{ kind: SharedState['kind']; account_id: string; id: string; token: string; pending: boolean }>(this.em, LOOKUP, [shareId, shareId]);
    return row ? { kind: row.kind, accountId: row.account_id, id: row.id, token: row.token, settled: !row.pending } : null;
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
