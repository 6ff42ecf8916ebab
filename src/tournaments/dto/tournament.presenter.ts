import { parseInstant } from '../../kernel/validation';
import { domainFieldsOf } from '../../platform/http/body-fields';
import { etagFor } from '../../platform/http/etag';
import { wireInstantOrNull as instant } from '../../platform/http/wire-instant';
import { effectiveRules, formatCatalog } from '../../competition';
import { presentStageSettings } from '../../competition';
import { SCHEDULE_DEFAULTS } from '../../competition';
import { NewTournament, Tournament, TOURNAMENT_WIRE_NAMES, TournamentChanges } from '../domain/tournament';
import { CreateTournamentDto, UpdateTournamentDto } from './tournament-body.dto';

/** The wire form of a tournament (spec §5): snake_case, RFC 3339 instants in UTC with milliseconds. */
export function presentTournament(tournament: Tournament) {
  // The rules in force, defaults filled in (null for formats without rules): what standings will apply.
  const rules = effectiveRules(tournament.format, tournament);
  return {
    id: tournament.id,
    name: tournament.name,
    description: tournament.description,
    game: tournament.game,
    format: tournament.format,
    participant_type: tournament.participantType,
    max_participants: tournament.maxParticipants,
    status: tournament.status,
    timezone: tournament.timezone,
    starts_at: instant(tournament.startsAt),
    ends_at: instant(tournament.endsAt),
    league_id: tournament.leagueId,
    metadata: tournament.metadata,
    rounds: tournament.rounds,
    third_place_match: tournament.thirdPlaceMatch,
    points: rules && rules.points,
    tiebreakers: rules && rules.tiebreakers,
    legs: rules && formatCatalog.entry(tournament.format).twoLegs !== undefined ? rules.legs : null,
    best_of: tournament.bestOf ?? 1,
    weight: tournament.weight,
    check_in_required: tournament.checkInRequired,
    check_in_opens_at: instant(tournament.checkInOpensAt),
    check_in_closes_at: instant(tournament.checkInClosesAt),
    visibility: tournament.visibility,
    // The settings in force, defaults filled in.
    schedule: { ...SCHEDULE_DEFAULTS, ...tournament.schedule },
    stages: tournament.stages && tournament.stages.map(presentStageSettings),
    share_id: tournament.shareId,
    started_at: instant(tournament.startedAt),
    completed_at: instant(tournament.completedAt),
    participant_count: tournament.participantCount,
    created_at: instant(tournament.createdAt),
    updated_at: instant(tournament.updatedAt),
    version: tournament.version,
  };
}

/** The tournament's strong ETag: its version and participant_count, which the version does not track (spec §8). */
export function tournamentEtag(tournament: Tournament): string {
  return etagFor(tournament.version, tournament.participantCount);
}


/** Only the keys the client sent; instants become Dates. The DTO has already been validated. */
function toDomainFields(body: CreateTournamentDto | UpdateTournamentDto): Record<string, unknown> {
  return domainFieldsOf(body, TOURNAMENT_WIRE_NAMES, { starts_at: toInstant, ends_at: toInstant, check_in_opens_at: toInstant, check_in_closes_at: toInstant, best_of: toBestOf });
}

/** A per-round best_of is stored with its `rounds` (empty when left out), so it reads back as sent. */
function toBestOf(value: unknown): unknown {
  if (typeof value !== 'object') return value;
  const { default: fallback, rounds } = value as { default: number; rounds?: Record<string, number> };
  return { default: fallback, rounds: { ...rounds } };
}

function toInstant(value: unknown): unknown {
  return typeof value === 'string' ? parseInstant(value) : value;
}

export function toNewTournament(body: CreateTournamentDto): NewTournament {
  return toDomainFields(body) as unknown as NewTournament;
}

export function toTournamentChanges(body: UpdateTournamentDto): TournamentChanges {
  return toDomainFields(body) as TournamentChanges;
}
