import { InvalidError } from '../../kernel/domain-error';
import { applyMergePatch, checkMetadataSize, currentFields, Metadata, sameValue } from '../../kernel/merge-patch';
import { newId } from '../../kernel/ids';
import { checkRules, checkWeight, defaultPointsOf, PointsRule, takesRules, TiebreakerName } from '../../competition';
import { rotateShareLink, shareIdFor, Visibility } from '../../kernel/sharing';
import { BestOf, bestOfProblems } from '../../competition';
import { mergeScheduleSettings, ScheduleSettings } from '../../competition';
import { readStages, SlotCheck, StageSettings, withStageSchedules } from '../../competition';
import { TOURNAMENT_FORMATS, TournamentFormat } from '../../competition';
import { formatCatalog } from '../../competition';
import { TournamentFieldLockedError } from './tournament-errors';
import { locksSetup, TOURNAMENT_LIFECYCLE, TournamentStatus } from './tournament-status';

export { TOURNAMENT_FORMATS, TournamentFormat };
export const PARTICIPANT_TYPES = ['single', 'team'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export type { Metadata };

/** What a client may set (the fields TOURNAMENT_WIRE_NAMES names). On update only the keys present change; `null` clears an optional field. */
export type TournamentFields = Pick<Tournament, keyof typeof TOURNAMENT_WIRE_NAMES>;

/** The largest field each format starts with in bounded time and memory, by name (the catalog's limits). */
export const FORMAT_PARTICIPANT_LIMITS: Readonly<Record<string, number>> = Object.fromEntries(formatCatalog.all().map((entry) => [entry.name, entry.participantLimit]));
/** The largest field this tournament's format (and, where every pair may meet twice, its legs) takes. */
export function participantLimitOf(tournament: Pick<TournamentFields, 'format' | 'legs'>): number {
  const { participantLimit, twoLegs } = formatCatalog.entry(tournament.format);
  return twoLegs !== undefined && tournament.legs === 2 ? twoLegs.participantLimit : participantLimit;
}
/** The highest `max_participants` any built-in format takes (the body's bound; each format's own limit is checked too). */
export const MAX_PARTICIPANTS_LIMIT = Math.max(...Object.values(FORMAT_PARTICIPANT_LIMITS));

/** How many participants a tournament may register: its own cap, never past its format's limit. */
export function participantCapOf(tournament: Pick<TournamentFields, 'format' | 'legs' | 'maxParticipants'>): number {
  const limit = participantLimitOf(tournament);
  return tournament.maxParticipants === null ? limit : Math.min(tournament.maxParticipants, limit);
}

/** Formats that take a `rounds` setting (the catalog says which), and its range. */
export function roundsFormats(): string[] {
  return formatCatalog.all().filter((entry) => entry.takesRounds).map((entry) => entry.name);
}
export const ROUNDS_LIMITS = { min: 1, max: 64 } as const;

/** `points` may name only some results: the others keep their value (RFC 7396 merges objects). */
type PointsPatch = { points?: Partial<PointsRule> | null };
/** `schedule` as sent (checked and merged into the settings in force by the domain), or the merged settings. */
type SchedulePatch = { schedule?: Record<string, unknown> | ScheduleSettings | null };
export type NewTournament = Pick<TournamentFields, 'name' | 'format'> & Partial<Omit<TournamentFields, 'points' | 'schedule'>> & PointsPatch & SchedulePatch;
export type TournamentChanges = Partial<Omit<TournamentFields, 'metadata' | 'points' | 'schedule'>> & { metadata?: Record<string, string | null> | null } & PointsPatch & SchedulePatch;

/** Fields that stay editable once play has started. */
// A schedule changes while play goes on (a late evening, another window).
const ALWAYS_EDITABLE = new Set<keyof TournamentChanges>(['name', 'description', 'metadata', 'status', 'weight', 'visibility', 'schedule']);

/** Each settable field's name on the wire, which is how domain errors name it to clients. */
export const TOURNAMENT_WIRE_NAMES = {
  name: 'name',
  description: 'description',
  game: 'game',
  format: 'format',
  participantType: 'participant_type',
  maxParticipants: 'max_participants',
  status: 'status',
  timezone: 'timezone',
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  leagueId: 'league_id',
  metadata: 'metadata',
  rounds: 'rounds',
  thirdPlaceMatch: 'third_place_match',
  points: 'points',
  tiebreakers: 'tiebreakers',
  legs: 'legs',
  bestOf: 'best_of',
  weight: 'weight',
  checkInRequired: 'check_in_required',
  checkInOpensAt: 'check_in_opens_at',
  checkInClosesAt: 'check_in_closes_at',
  visibility: 'visibility',
  schedule: 'schedule',
  stages: 'stages',
} as const satisfies { [Field in keyof Tournament]?: string };

const FIELDS = Object.keys(TOURNAMENT_WIRE_NAMES) as (keyof TournamentFields)[];

/** A competition of one account: its setup, its schedule and its lifecycle. */
export class Tournament {
  id: string;
  accountId: string;
  name: string;
  description: string | null;
  game: string | null;
  format: TournamentFormat;
  participantType: ParticipantType;
  maxParticipants: number | null;
  status: TournamentStatus;
  timezone: string;
  startsAt: Date | null;
  endsAt: Date | null;
  leagueId: string | null;
  /** The client's own keys and values (an update merges them: null removes a key; null clears all). */
  metadata: Metadata;
  /** Rounds to play (swiss and free_for_all only); null = the format's default (spec §12). */
  rounds: number | null;
  /** Single elimination only: the semi-final losers play for third place. */
  thirdPlaceMatch: boolean;
  /** Round robin and swiss: points for a win, draw and loss; null = the format's default (competition-rules.ts). */
  points: PointsRule | null;
  /** Round robin and swiss: tiebreakers in the order they apply; null = the format's default. */
  tiebreakers: TiebreakerName[] | null;
  /** Round robin: 1 (everyone meets once) or 2 (home and away); null = 1. */
  legs: number | null;
  /** Games a match is the best of (issue 44), for every round or per round; null = 1 (best-of.ts). */
  bestOf: BestOf | null;
  /** A league's multiplier for this tournament's placement points (a major worth 2). Editable at any time. */
  weight: number;
  /** Participants who have not checked in are left out of the field when it starts. */
  checkInRequired: boolean;
  /** When participants may check in (either end may be open; check-in always ends at the start). */
  checkInOpensAt: Date | null;
  checkInClosesAt: Date | null;
  /** `unlisted`: anyone with its share link may view it (docs/viewing.md). */
  visibility: Visibility;
  /** When and how matches are scheduled (docs/schedule.md); null: the defaults. */
  schedule: ScheduleSettings | null;
  /** A multi_stage tournament's stages in order (stages.ts); null for a tournament of one format. */
  stages: StageSettings[] | null;
  /** Read-only: the id of its share link while unlisted, null while private. */
  shareId: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
  /** Read-only: how many participants it had when it was loaded (the persistence adapter counts them). */
  participantCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  static create(accountId: string, fields: NewTournament, now = new Date(), checkSlots?: SlotCheck): Tournament {
    fields = withStages(fields, undefined, checkSlots) as NewTournament;
    const status = TOURNAMENT_LIFECYCLE.checkInitial(fields.status);
    const tournament = Object.assign(new Tournament(), {
      id: newId(now.getTime()),
      accountId,
      name: fields.name,
      description: fields.description ?? null,
      game: fields.game ?? null,
      format: fields.format,
      participantType: fields.participantType ?? 'single',
      maxParticipants: fields.maxParticipants ?? null,
      status,
      timezone: fields.timezone ?? 'UTC',
      startsAt: fields.startsAt ?? null,
      endsAt: fields.endsAt ?? null,
      leagueId: fields.leagueId ?? null,
      metadata: fields.metadata ?? {},
      rounds: fields.rounds ?? null,
      thirdPlaceMatch: fields.thirdPlaceMatch ?? false,
      points: completePoints(fields.format, null, fields.points) ?? null,
      tiebreakers: fields.tiebreakers ?? null,
      legs: fields.legs ?? null,
      bestOf: fields.bestOf ?? null,
      weight: fields.weight ?? 1,
      checkInRequired: fields.checkInRequired ?? false,
      checkInOpensAt: fields.checkInOpensAt ?? null,
      checkInClosesAt: fields.checkInClosesAt ?? null,
      visibility: fields.visibility ?? 'private',
      schedule: mergeScheduleSettings(null, fields.schedule as Record<string, unknown> | null | undefined) ?? null,
      stages: fields.stages ?? null,
      shareId: shareIdFor(fields.visibility ?? 'private', null),
      startedAt: null,
      completedAt: null,
      participantCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
    checkSettings(tournament);
    checkParticipantLimit(tournament);
    return tournament;
  }

  /** Applies a merge patch. Returns whether anything changed; throws without changing anything otherwise. */
  update(changes: TournamentChanges, now = new Date(), checkSlots?: SlotCheck): boolean {
    changes = withStages(changes, this.stages, checkSlots);
    // Stages that differ only in their schedules keep what play keeps (status, decisions) and are not locked.
    const schedulesOnly = this.stages && changes.stages ? withStageSchedules(this.stages, changes.stages) : null;
    if (schedulesOnly) changes = { ...changes, stages: schedulesOnly };
    const next = this.merged({
      ...changes,
      points: completePoints(changes.format ?? this.format, this.points, changes.points),
      schedule: mergeScheduleSettings(this.schedule, changes.schedule as Record<string, unknown> | null | undefined),
    });
    const changed = FIELDS.filter((field) => !sameValue(this[field], next[field]));
    if (changed.length === 0) return false;

    const locked = changed.filter((field) => !ALWAYS_EDITABLE.has(field) && !(field === 'stages' && schedulesOnly));
    if (locksSetup(this.status) && locked.length > 0) {
      throw new TournamentFieldLockedError(this.status, locked.map((field) => TOURNAMENT_WIRE_NAMES[field]));
    }
    TOURNAMENT_LIFECYCLE.checkMove(this.status, next.status);
    checkSettings(next);
    if (changed.includes('format') || changed.includes('maxParticipants') || changed.includes('legs')) checkParticipantLimit(next);
    if (changed.includes('format') || changed.includes('legs')) checkFieldFits(next, this.participantCount, changed.includes('format') ? '/format' : '/legs');
    if (next.status === 'in_progress' && this.status !== 'in_progress') checkFieldFits(next, this.participantCount, '/status');

    const previousStatus = this.status;
    Object.assign(this, next);
    this.shareId = shareIdFor(this.visibility, this.shareId);
    if (previousStatus !== next.status) this.enter(next.status, now);
    this.updatedAt = now;
    return true;
  }

  /** A new share link replaces the old one, which stops working at once. */
  rotateShareId(now = new Date()): void {
    rotateShareLink(this, 'The tournament', now);
  }

  private merged(changes: TournamentChanges): TournamentFields {
    const current = currentFields<Tournament, keyof TournamentFields>(this, FIELDS);
    // The stages are replaced whole, never merged.
    if (changes.stages !== undefined) return { ...applyMergePatch(current, { ...changes, stages: undefined } as Partial<TournamentFields>), stages: changes.stages };
    return applyMergePatch(current, changes as Partial<TournamentFields>);
  }

  /**
   * A correction that clears reported results of a completed tournament reopens it (issue 32): play goes on and it
   * completes again by itself. Not a client's transition: only play makes it.
   */
  reopen(now = new Date()): void {
    if (this.status !== 'completed') return;
    Object.assign(this, { status: 'in_progress', completedAt: null, updatedAt: now });
  }

  /**
   * Records an organiser's order of tied rows in a stage (issue 40): kept with the stage and applied by play. Not a
   * client's field: only the decisions route makes it, while play runs.
   */
  decide(stageKey: string, decision: StageSettings['decisions'][number], now = new Date()): void {
    this.stages = (this.stages ?? []).map((stage) =>
      stage.key !== stageKey ? stage : { ...stage, decisions: [...stage.decisions.filter((kept) => kept.group !== decision.group), decision] },
    );
    this.updatedAt = now;
  }

  private enter(status: TournamentStatus, now: Date): void {
    this.status = status;
    if (status === 'in_progress') this.startedAt = now;
    if (status === 'completed') this.completedAt = now;
  }

}

/** The rules every setting keeps, however it was reached (a create, or a patch merged into the current ones). */
function checkSettings(fields: TournamentFields): void {
  checkSchedule(fields.startsAt, fields.endsAt);
  checkMetadataSize(fields.metadata);
  checkRounds(fields.format, fields.rounds, fields.maxParticipants);
  checkThirdPlaceMatch(fields.format, fields.thirdPlaceMatch);
  checkRules(fields.format, fields);
  checkBestOf(fields.format, fields.bestOf);
  checkWeight(fields.weight);
  checkCheckInWindow(fields.checkInOpensAt, fields.checkInClosesAt);
}

/**
 * `stages` sent (or a format chosen) settles the other: stages make the format `multi_stage`, another format clears
 * them, and `multi_stage` needs stages. Top-level rules belong to a stage then.
 */
function withStages<T extends { format?: TournamentFormat; stages?: StageSettings[] | null; [key: string]: unknown }>(fields: T, current: StageSettings[] | null | undefined, checkSlots?: SlotCheck): T {
  const sent = fields.stages as unknown;
  const staged = formatCatalog.stagedFormat() as TournamentFormat;
  if (sent !== undefined && sent !== null) {
    if (fields.format !== undefined && fields.format !== staged) throw InvalidError.field('/format', `a tournament with stages reads ${staged}: leave format out, or send ${staged}.`);
    const stages = readStages(sent, checkSlots);
    for (const field of ['rounds', 'points', 'tiebreakers', 'legs', 'best_of'] as const) {
      const domain = field === 'best_of' ? 'bestOf' : field;
      if (fields[domain] !== undefined && fields[domain] !== null) throw InvalidError.field(`/${field}`, `a ${staged} tournament sets ${field} per stage (best_of: single games only); send null or leave it out.`);
    }
    if (fields.thirdPlaceMatch === true) throw InvalidError.field('/third_place_match', `a ${staged} tournament sets third_place_match per stage.`);
    return { ...fields, format: staged, stages };
  }
  const creating = current === undefined;
  if (fields.format !== undefined && fields.format !== staged) return !creating && current !== null && sent === undefined ? { ...fields, stages: null } : fields;
  if (creating && fields.format === undefined) throw InvalidError.field('/format', `is required: one of ${formatCatalog.names().join(', ')}, or send stages.`);
  const playsStages = fields.format === staged || (fields.format === undefined && current !== null && current !== undefined);
  if (playsStages && (sent === null || (sent === undefined && !current))) {
    throw InvalidError.field('/stages', `a ${staged} tournament is played as 2 to 4 stages: send stages (or another format).`);
  }
  return fields;
}

function checkCheckInWindow(opensAt: Date | null, closesAt: Date | null): void {
  if (opensAt && closesAt && closesAt.getTime() < opensAt.getTime()) {
    throw InvalidError.field('/check_in_closes_at', 'must not be before check_in_opens_at.');
  }
}

/**
 * A points patch merged into the points in force (RFC 7396: an object merges key by key): `{ "win": 2 }` keeps
 * the draw and loss points. Absent stays absent; null (the format's default) stays null.
 */
function completePoints(format: TournamentFormat, current: PointsRule | null, patch: Partial<PointsRule> | null | undefined): PointsRule | null | undefined {
  if (patch === undefined || patch === null) return patch;
  const base = current ?? (takesRules(format) ? defaultPointsOf(format) : {});
  return { ...base, ...patch } as PointsRule;
}

function checkSchedule(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt.getTime() < startsAt.getTime()) {
    throw InvalidError.field('/ends_at', 'must not be before starts_at.');
  }
}

function checkRounds(format: TournamentFormat, rounds: number | null, maxParticipants: number | null): void {
  if (rounds !== null && !formatCatalog.entry(format).takesRounds) {
    throw InvalidError.field('/rounds', `only ${roundsFormats().join(' and ')} tournaments take rounds; send null or leave it out for ${format}.`);
  }
  // With a cap, the largest field is known, and with it the most rounds the format plays without rematches.
  const { maxRounds } = formatCatalog.entry(format);
  if (maxRounds !== undefined && rounds !== null && maxParticipants !== null && rounds > maxRounds(maxParticipants)) {
    throw InvalidError.field('/rounds', `a ${format} of at most ${maxParticipants} participants has at most ${maxRounds(maxParticipants)} rounds without rematches.`);
  }
}

function checkThirdPlaceMatch(format: TournamentFormat, thirdPlaceMatch: boolean): void {
  if (thirdPlaceMatch && !formatCatalog.entry(format).takesThirdPlaceMatch) {
    const takers = formatCatalog.all().filter((entry) => entry.takesThirdPlaceMatch).map((entry) => entry.name);
    throw InvalidError.field('/third_place_match', `only ${takers.join(' and ')} tournaments have a third-place match; send false or leave it out for ${format}.`);
  }
}

function checkBestOf(format: TournamentFormat, bestOf: BestOf | null): void {
  const problems = bestOfProblems(format, bestOf);
  if (problems.length > 0) throw new InvalidError(problems);
}

function checkParticipantLimit(tournament: Pick<TournamentFields, 'format' | 'legs' | 'maxParticipants'>): void {
  const limit = participantLimitOf(tournament);
  if (tournament.maxParticipants !== null && tournament.maxParticipants > limit) {
    throw InvalidError.field('/max_participants', `a ${describedFormat(tournament)} tournament takes at most ${limit} participants.`);
  }
}

function describedFormat(tournament: Pick<TournamentFields, 'format' | 'legs'>): string {
  return formatCatalog.entry(tournament.format).twoLegs !== undefined && tournament.legs === 2 ? `${tournament.format} (legs: 2)` : tournament.format;
}

/** A field registered under another format (or before the limits) that this format cannot start with. */
function checkFieldFits(tournament: Pick<TournamentFields, 'format' | 'legs'>, participantCount: number, pointer: string): void {
  const limit = participantLimitOf(tournament);
  if (participantCount > limit) {
    throw InvalidError.field(
      pointer,
      `a ${describedFormat(tournament)} tournament takes at most ${limit} participants and this one has ${participantCount}: remove some or choose another format.`,
    );
  }
}
