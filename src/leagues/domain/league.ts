import { FieldProblem, InvalidError } from '../../kernel/domain-error';
import { applyMergePatch, checkMetadataSize, currentFields, MergePatch, Metadata, sameValue } from '../../kernel/merge-patch';
import { isCalendarDate } from '../../kernel/validation';
import { newId } from '../../kernel/ids';
import { rotateShareLink, shareIdFor, Visibility } from '../../kernel/sharing';
import { countedResultsProblems, LeagueScoring, PlacementPoints, placementPointsProblems } from './league-scoring';
import { RatingSettings, ratingSettingsOf } from './ratings/rating-settings';
import { acceptsTournaments, LEAGUE_LIFECYCLE, LeagueStatus } from './league-status';

/** What a client may set. Calendar dates are `YYYY-MM-DD` strings: a day, with no time zone to shift it. */
export type LeagueFields = Pick<League, keyof typeof LEAGUE_WIRE_NAMES>;
export type NewLeague = Pick<LeagueFields, 'name'> & Partial<LeagueFields>;
/** A merge patch: absent = unchanged, null clears; metadata merges key by key (null removes a key, null clears all). */
export type LeagueChanges = MergePatch<LeagueFields>;

/** Each settable field's name on the wire, which is how domain errors and request bodies name it. */
export const LEAGUE_WIRE_NAMES = {
  name: 'name',
  description: 'description',
  game: 'game',
  season: 'season',
  status: 'status',
  timezone: 'timezone',
  startsOn: 'starts_on',
  endsOn: 'ends_on',
  metadata: 'metadata',
  scoring: 'scoring',
  placementPoints: 'placement_points',
  countedResults: 'counted_results',
  visibility: 'visibility',
  rating: 'rating',
} as const satisfies { [Field in keyof League]?: string };

const FIELDS = Object.keys(LEAGUE_WIRE_NAMES) as (keyof typeof LEAGUE_WIRE_NAMES)[];

/**
 * A series of competitions of one account (a season's events, its playoffs).
 * Tournaments reference it by id; it never holds them.
 */
export class League {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  game: string | null;
  /** A label such as `2026 Spring`. */
  season: string | null;
  status: LeagueStatus;
  timezone: string;
  startsOn: string | null;
  endsOn: string | null;
  metadata: Metadata;
  /** How the league table is scored (league-scoring.ts). */
  scoring: LeagueScoring;
  /** `placements` only: points per rank; null = the default table. */
  placementPoints: PlacementPoints[] | null;
  /** `placements` only: only each competitor's best N results count; null = all. */
  countedResults: number | null;
  /** How its players are rated across its tournaments (docs/ratings.md), defaults filled in; null = not rated. */
  rating: RatingSettings | null;
  /** `unlisted`: anyone with its share link may view it (docs/viewing.md). */
  visibility: Visibility;
  /** Read-only: the id of its share link while unlisted, null while private. */
  shareId: string | null;
  /** Read-only: how many tournaments referenced the league when it was loaded (the persistence adapter counts them). */
  tournamentCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  static create(accountId: string, fields: NewLeague, now = new Date()): League {
    const status = LEAGUE_LIFECYCLE.checkInitial(fields.status);
    const league = Object.assign(new League(), {
      id: newId(now.getTime()),
      accountId,
      name: fields.name,
      description: fields.description ?? null,
      game: fields.game ?? null,
      season: fields.season ?? null,
      status,
      timezone: fields.timezone ?? 'UTC',
      startsOn: fields.startsOn ?? null,
      endsOn: fields.endsOn ?? null,
      metadata: fields.metadata ?? {},
      ...scoringFields(fields, { scoring: 'placements', placementPoints: null, countedResults: null }),
      visibility: fields.visibility ?? 'private',
      rating: ratingSettingsOf(fields.rating ?? null),
      shareId: shareIdFor(fields.visibility ?? 'private', null),
      tournamentCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
    checkInvariants(league);
    return league;
  }

  /**
   * Applies a merge patch. Returns whether anything changed; throws without changing anything otherwise.
   * No field is locked in any status (spec §6 asks for none); only the status moves by the state machine.
   */
  update(changes: LeagueChanges, now = new Date()): boolean {
    const current = currentFields<League, keyof LeagueFields>(this, FIELDS);
    const next = { ...applyMergePatch(current, changes), ...scoringFields(changes, current), rating: patchedRating(current.rating, changes.rating) };
    if (FIELDS.every((field) => sameValue(current[field], next[field]))) return false;
    LEAGUE_LIFECYCLE.checkMove(this.status, next.status);
    checkInvariants(next);
    Object.assign(this, next);
    this.shareId = shareIdFor(this.visibility, this.shareId);
    this.updatedAt = now;
    return true;
  }

  /** A new share link replaces the old one, which stops working at once. */
  rotateShareId(now = new Date()): void {
    rotateShareLink(this, 'The league', now);
  }

  /** Whether a tournament may be attached to it now. */
  acceptsTournaments(): boolean {
    return acceptsTournaments(this.status);
  }

  hasTournaments(): boolean {
    return this.tournamentCount > 0;
  }
}

function checkInvariants(fields: LeagueFields): void {
  const problems = (['startsOn', 'endsOn'] as const)
    .filter((field) => fields[field] !== null && !isStorableDate(fields[field]))
    .map((field) => ({ pointer: field === 'startsOn' ? '/starts_on' : '/ends_on', detail: 'must be a date in YYYY-MM-DD form, from 0001-01-01 on.' }));
  if (problems.length > 0) throw new InvalidError(problems);
  if (fields.startsOn !== null && fields.endsOn !== null && fields.endsOn < fields.startsOn) {
    throw InvalidError.field('/ends_on', 'must not be before starts_on.');
  }
  checkMetadataSize(fields.metadata);
}

/**
 * The rating setting after a patch: null clears it; naming another model replaces it; otherwise the options sent
 * are merged into the current ones (RFC 7396: a null option goes back to its default).
 */
function patchedRating(current: RatingSettings | null, patch: unknown): RatingSettings | null {
  if (patch === undefined) return current;
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return ratingSettingsOf(patch);
  const sent = patch as Record<string, unknown>;
  if (current === null || (sent.model !== undefined && sent.model !== current.model)) return ratingSettingsOf(sent);
  const merged: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(sent)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return ratingSettingsOf(merged);
}

type ScoringFields = Pick<LeagueFields, 'scoring' | 'placementPoints' | 'countedResults'>;

/**
 * The scoring after a create or patch. Placement points and counted results belong to `placements`: a `sum` league
 * refuses them when sent, and switching to `sum` clears them. Throws 422 naming every bad field.
 */
function scoringFields(changes: Partial<ScoringFields>, current: ScoringFields): ScoringFields {
  const next: ScoringFields = {
    scoring: changes.scoring ?? current.scoring,
    placementPoints: changes.placementPoints === undefined ? current.placementPoints : changes.placementPoints,
    countedResults: changes.countedResults === undefined ? current.countedResults : changes.countedResults,
  };
  const problems: FieldProblem[] = [];
  if (next.scoring === 'sum') {
    for (const [field, pointer] of [
      ['placementPoints', '/placement_points'],
      ['countedResults', '/counted_results'],
    ] as const) {
      if (changes[field] !== undefined && changes[field] !== null) problems.push({ pointer, detail: 'only a placements league takes it; a sum league adds up its tournaments’ tables.' });
    }
    if (problems.length > 0) throw new InvalidError(problems);
    return { scoring: 'sum', placementPoints: null, countedResults: null };
  }
  if (next.placementPoints !== null) problems.push(...placementPointsProblems(next.placementPoints));
  if (next.countedResults !== null) problems.push(...countedResultsProblems(next.countedResults));
  if (problems.length > 0) throw new InvalidError(problems);
  return next;
}

/** A real calendar date PostgreSQL can store (it has no year 0). YYYY-MM-DD strings compare in date order. */
function isStorableDate(value: string): boolean {
  return isCalendarDate(value) && value >= '0001-01-01';
}
