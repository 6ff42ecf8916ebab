import { domainFieldsOf } from '../../platform/http/body-fields';
import { etagFor } from '../../platform/http/etag';
import { wireInstant } from '../../platform/http/wire-instant';
import { League, LEAGUE_WIRE_NAMES, LeagueChanges, NewLeague } from '../domain/league';
import { DEFAULT_PLACEMENT_POINTS } from '../domain/league-scoring';
import { CreateLeagueDto, UpdateLeagueDto } from './league-body.dto';

/** The wire form of a league (spec §6): snake_case, calendar dates as YYYY-MM-DD, instants in UTC with milliseconds. */
export function presentLeague(league: League) {
  return {
    id: league.id,
    name: league.name,
    description: league.description,
    game: league.game,
    season: league.season,
    status: league.status,
    timezone: league.timezone,
    starts_on: league.startsOn,
    ends_on: league.endsOn,
    metadata: league.metadata,
    scoring: league.scoring,
    // The table in force: the default one until the league is given its own.
    placement_points: league.scoring === 'placements' ? (league.placementPoints ?? DEFAULT_PLACEMENT_POINTS) : null,
    counted_results: league.countedResults,
    visibility: league.visibility,
    rating: league.rating,
    share_id: league.shareId,
    tournament_count: league.tournamentCount,
    created_at: wireInstant(league.createdAt),
    updated_at: wireInstant(league.updatedAt),
    version: league.version,
  };
}

/** The league's strong ETag: its version and tournament_count, which the version does not track (spec §8). */
export function leagueEtag(league: League): string {
  return etagFor(league.version, league.tournamentCount);
}


export function toNewLeague(body: CreateLeagueDto): NewLeague {
  return domainFieldsOf(body, LEAGUE_WIRE_NAMES) as unknown as NewLeague;
}

export function toLeagueChanges(body: UpdateLeagueDto): LeagueChanges {
  return domainFieldsOf(body, LEAGUE_WIRE_NAMES) as LeagueChanges;
}
