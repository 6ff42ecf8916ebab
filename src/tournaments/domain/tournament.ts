import { InvalidError } from '../../shared/domain-error';
import { applyMergePatch, checkMetadataSize, Metadata, sameValue } from '../../shared/domain/merge-patch';
import { newId } from '../../shared/ids';
import { NotSharedError, shareIdFor, Visibility } from '../../shared/domain/sharing';
import { InvalidTournamentTransitionError, TournamentFieldLockedError } from './tournament-errors';
import { allowedTransitions, canTransition, INITIAL_STATUSES, locksSetup, TournamentStatus } from './tournament-status';

export const TOURNAMENT_FORMATS = ['single_elimination', 'double_elimination', 'round_robin', 'swiss', 'free_for_all'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];
export const PARTICIPANT_TYPES = ['single', 'team'] as const;
export type ParticipantType = (typeof PARTICIPANT_TYPES)[number];
export type { Metadata };

/** What a client may set. On update only the keys present change; `null` clears an optional field. */
export interface TournamentFields {
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
  /** On update: a merge patch of keys (null removes one); null clears all. */
  metadata: Metadata;
  /** Rounds to play (swiss and free_for_all only); null = the format's default (spec §12). */
  rounds: number | null;
  /** `unlisted`: anyone with its share link may view it (docs/viewing.md). */
  visibility: Visibility;
}

/** Formats that take a `rounds` setting, and its range. */
export const ROUNDS_FORMATS: readonly TournamentFormat[] = ['swiss', 'free_for_all'];
export const ROUNDS_LIMITS = { min: 1, max: 64 } as const;

export type NewTournament = Pick<TournamentFields, 'name' | 'format'> & Partial<TournamentFields>;
export type TournamentChanges = Partial<Omit<TournamentFields, 'metadata'>> & { metadata?: Record<string, string | null> | null };

/** Fields that stay editable once play has started. */
const ALWAYS_EDITABLE = new Set<keyof TournamentChanges>(['name', 'description', 'metadata', 'status', 'visibility']);

/** Each settable field's name on the wire, which is how domain errors name it to clients. */
export const TOURNAMENT_WIRE_NAMES: Record<keyof TournamentFields, string> = {
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
  visibility: 'visibility',
};

/** A competition of one account: its setup, its schedule and its lifecycle. */
export class Tournament implements TournamentFields {
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
  metadata: Metadata;
  rounds: number | null;
  visibility: Visibility;
  /** Read-only: the id of its share link while unlisted, null while private. */
  shareId: string | null;
  startedAt: Date | null;
  completedAt: Date | null;
  /** Read-only: how many participants it had when it was loaded (the persistence adapter counts them). */
  participantCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;

  static create(accountId: string, fields: NewTournament, now = new Date()): Tournament {
    const status = fields.status ?? 'draft';
    if (!INITIAL_STATUSES.includes(status)) {
      throw InvalidError.field('/status', `a new tournament starts as ${INITIAL_STATUSES.join(' or ')}.`);
    }
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
      visibility: fields.visibility ?? 'private',
      shareId: shareIdFor(fields.visibility ?? 'private', null),
      startedAt: null,
      completedAt: null,
      participantCount: 0,
      createdAt: now,
      updatedAt: now,
      version: 1,
    });
    tournament.checkSchedule();
    return tournament;
  }

  /** Applies a merge patch. Returns whether anything changed; throws without changing anything otherwise. */
  update(changes: TournamentChanges, now = new Date()): boolean {
    const next = this.merged(changes);
    const changed = (Object.keys(TOURNAMENT_WIRE_NAMES) as (keyof TournamentFields)[]).filter((field) => !sameValue(this[field], next[field]));
    if (changed.length === 0) return false;

    const locked = changed.filter((field) => !ALWAYS_EDITABLE.has(field));
    if (locksSetup(this.status) && locked.length > 0) {
      throw new TournamentFieldLockedError(this.status, locked.map((field) => TOURNAMENT_WIRE_NAMES[field]));
    }
    if (next.status !== this.status && !canTransition(this.status, next.status)) {
      throw new InvalidTournamentTransitionError(this.status, next.status, allowedTransitions(this.status));
    }
    checkSchedule(next.startsAt, next.endsAt);
    checkMetadataSize(next.metadata);
    checkRounds(next.format, next.rounds);

    const previousStatus = this.status;
    Object.assign(this, next);
    this.shareId = shareIdFor(this.visibility, this.shareId);
    if (previousStatus !== next.status) this.enter(next.status, now);
    this.updatedAt = now;
    return true;
  }

  /** A new share link replaces the old one, which stops working at once. */
  rotateShareId(now = new Date()): void {
    if (this.visibility === 'private') throw new NotSharedError('The tournament');
    this.shareId = shareIdFor(this.visibility, null);
    this.updatedAt = now;
  }

  private merged(changes: TournamentChanges): TournamentFields {
    const current: TournamentFields = {
      name: this.name,
      description: this.description,
      game: this.game,
      format: this.format,
      participantType: this.participantType,
      maxParticipants: this.maxParticipants,
      status: this.status,
      timezone: this.timezone,
      startsAt: this.startsAt,
      endsAt: this.endsAt,
      leagueId: this.leagueId,
      metadata: this.metadata,
      rounds: this.rounds,
      visibility: this.visibility,
    };
    return applyMergePatch(current, changes);
  }

  private enter(status: TournamentStatus, now: Date): void {
    this.status = status;
    if (status === 'in_progress') this.startedAt = now;
    if (status === 'completed') this.completedAt = now;
  }

  private checkSchedule(): void {
    checkSchedule(this.startsAt, this.endsAt);
    checkMetadataSize(this.metadata);
    checkRounds(this.format, this.rounds);
  }
}

function checkSchedule(startsAt: Date | null, endsAt: Date | null): void {
  if (startsAt && endsAt && endsAt.getTime() < startsAt.getTime()) {
    throw InvalidError.field('/ends_at', 'must not be before starts_at.');
  }
}

function checkRounds(format: TournamentFormat, rounds: number | null): void {
  if (rounds !== null && !ROUNDS_FORMATS.includes(format)) {
    throw InvalidError.field('/rounds', `only ${ROUNDS_FORMATS.join(' and ')} tournaments take rounds; send null or leave it out for ${format}.`);
  }
}
