import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EventLog, NewEvent } from '../events';
import { ExpectedVersion, withFreshVersion } from '../platform/concurrency/fresh-version';
import { Cursors } from '../platform/pagination/cursors';
import { keysetPage } from '../platform/pagination/list-request';
import { ListRequest, Page } from '../platform/pagination/page';
import { HeavyWorkGate } from '../platform/concurrency/heavy-work-gate';
import { UnitOfWork } from '../platform/persistence/unit-of-work';
import { NewParticipant, newParticipants, Participant, ParticipantChanges } from './domain/participant';
import { isClash, locateClashes } from './domain/clashes';
import { ParticipantNotFoundError } from './domain/participant-errors';
import { Entrant, FieldEntry, ParticipantFilters, ParticipantRepository, ParticipantSortField, Placement, StaleParticipantError } from './domain/participant.repository';
import { checkCanWithdraw, checkGroups, checkRoomFor, GroupChange, Registration } from './domain/registration';
import { checkIn, checkOut } from './domain/withdrawal';
import { byName, byRandom, byRating, MAX_RANDOM_SEED, SeedingEntry, Seeding, SeedRequest, seedsInOrder } from './domain/seeding';
import { SeedingClosedError } from './domain/participant-errors';
import { presentParticipant } from './dto/participant.presenter';
import { TournamentGate } from './tournament-gate';
import { SeedingRatingsHook } from './seeding-ratings';
import { competitorKey } from './domain/seeding';

function participantEvent(type: 'participant.registered' | 'participant.updated', participant: Participant): NewEvent {
  return { accountId: participant.accountId, type, tournamentId: participant.tournamentId, data: presentParticipant(participant) };
}

/** The groups new participants come with (those without one set nothing), pointed at as the request named them. */
function groupsSet(participants: readonly Participant[], pointerOf: (index: number) => string): GroupChange[] {
  return participants.flatMap((participant, index) => (participant.group === null ? [] : [{ group: participant.group, pointer: `${pointerOf(index)}/group` }]));
}

/**
 * Use cases of a tournament's participants, scoped to the calling account: another account's tournament is 404.
 * Every write runs in one transaction holding the tournament's lock, so the cap and the start lock hold under
 * concurrent requests; the database's unique indexes settle name, seed and external_id clashes.
 */
@Injectable()
export class ParticipantsService {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly tournaments: TournamentGate,
    private readonly cursors: Cursors,
    private readonly unitOfWork: UnitOfWork,
    private readonly heavyWork: HeavyWorkGate,
    private readonly events: EventLog,
    private readonly ratings: SeedingRatingsHook,
  ) {}

  async create(accountId: string, tournamentId: string, fields: NewParticipant): Promise<Participant> {
    const participant = Participant.create(accountId, tournamentId, fields);
    await this.register(accountId, tournamentId, [participant], () => '', groupsSet([participant], () => ''));
    return participant;
  }

  /** The bulk import: all or nothing; one 422 points at every bad item (`/participants/3/name`). */
  async createMany(accountId: string, tournamentId: string, items: NewParticipant[]): Promise<Participant[]> {
    const participants = newParticipants(accountId, tournamentId, items);
    const pointerOf = (index: number) => `/participants/${index}`;
    await this.register(accountId, tournamentId, participants, pointerOf, groupsSet(participants, pointerOf), { heavy: true });
    return participants;
  }

  async get(accountId: string, tournamentId: string, id: string): Promise<Participant> {
    const participant = await this.participants.findOwned(accountId, tournamentId, id);
    if (participant) return participant;
    // Only to say which is missing: the tournament (its 404) or the participant in it.
    await this.tournaments.get(accountId, tournamentId);
    throw new ParticipantNotFoundError();
  }

  /**
   * Applies a merge patch. With If-Match, a concurrent change makes it 412; without, it is re-applied
   * to the newest version. From in_progress on only name and metadata change (409 field_locked).
   */
  update(accountId: string, tournamentId: string, id: string, changes: ParticipantChanges, expected: ExpectedVersion<Participant>): Promise<Participant> {
    return this.inRegistration(accountId, tournamentId, (registration) =>
      this.withFreshVersion(accountId, tournamentId, id, expected, async (participant) => {
        if (changes.group !== undefined && changes.group !== participant.group) checkGroups(registration, [{ group: changes.group, pointer: '/group' }]);
        if (!participant.update(changes, registration.setupLocked)) return participant;
        await this.participants.save(participant);
        await this.events.append(participantEvent('participant.updated', participant));
        return participant;
      }),
    );
  }

  async delete(accountId: string, tournamentId: string, id: string, expected: ExpectedVersion<Participant>): Promise<void> {
    await this.inRegistration(accountId, tournamentId, (registration) =>
      this.withFreshVersion(accountId, tournamentId, id, expected, async (participant) => {
        checkCanWithdraw(registration);
        if (!(await this.participants.remove(participant))) throw new StaleParticipantError();
        await this.events.append({ accountId, type: 'participant.removed', tournamentId, data: { id, tournament_id: tournamentId } });
      }),
    );
  }

  async list(accountId: string, tournamentId: string, request: ListRequest<ParticipantFilters, ParticipantSortField>): Promise<Page<Participant>> {
    await this.tournaments.get(accountId, tournamentId);
    const scope = { tournamentId, filters: request.filters, sort: request.sort };
    const page = await keysetPage(this.cursors, request, scope, (after, limit) =>
      this.participants.list({ accountId, ...scope, after, limit }),
    );
    return { items: page.rows.map((row) => row.participant), nextCursor: page.nextCursor };
  }

  /**
   * Every participant of the tournament in seeding order: seeded ones by seed, then the rest in registration order
   * (spec §12: the list's default order), as plain rows (FieldEntry). For the matches module, inside the
   * transaction that starts the tournament, which has already found the tournament: an unknown one simply has none.
   */
  inSeedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]> {
    return this.participants.seedingOrder(accountId, tournamentId);
  }

  /**
   * Seeds the whole field in the order asked for, in one transaction holding the tournament's lock: only while it
   * is a draft (409 seeding_closed). Every participant whose seed changes gets a new version and a
   * participant.updated event; a dry run writes nothing.
   */
  seed(accountId: string, tournamentId: string, request: SeedRequest): Promise<Seeding> {
    return this.inRegistration(accountId, tournamentId, async (registration) => {
      if (registration.status !== 'draft') throw new SeedingClosedError(registration.status ?? 'started');
      const field = await this.participants.seedingOrder(accountId, tournamentId);
      const randomSeed = request.by === 'random' ? (request.randomSeed ?? randomInt(MAX_RANDOM_SEED + 1)) : null;
      let order: SeedingEntry[];
      if (request.by === 'rating') order = byRating(field, await this.ratings.places(accountId, request.leagueId!), competitorKey);
      else order = request.by === 'name' ? byName(field) : byRandom(field, randomSeed ?? 0);
      const seeds = seedsInOrder(order);
      const seeding: Seeding = {
        by: request.by,
        leagueId: request.leagueId ?? null,
        randomSeed,
        dryRun: request.dryRun,
        order: order.map((entry) => ({ participantId: entry.id, name: entry.name, externalId: entry.externalId, previousSeed: entry.seed, seed: seeds.get(entry.id)! })),
      };
      if (request.dryRun) return seeding;
      const changes = new Map(order.filter((entry) => entry.seed !== seeds.get(entry.id)).map((entry) => [entry.id, seeds.get(entry.id)!]));
      const changed = await this.participants.setSeeds(accountId, tournamentId, changes);
      await this.events.append(...changed.map((participant) => participantEvent('participant.updated', participant)));
      return seeding;
    });
  }

  /** Checks a participant in (or, with `present` false, out): before the start, inside the tournament's window. */
  setCheckIn(accountId: string, tournamentId: string, id: string, present: boolean, expected: ExpectedVersion<Participant>): Promise<Participant> {
    return this.inRegistration(accountId, tournamentId, (registration) =>
      this.withFreshVersion(accountId, tournamentId, id, expected, async (participant) => {
        const window = { started: registration.setupLocked, opensAt: registration.checkInOpensAt ?? null, closesAt: registration.checkInClosesAt ?? null };
        const now = new Date();
        if (present ? checkIn(participant, window, now) : checkOut(participant, window, now)) {
          await this.participants.save(participant);
          await this.events.append(participantEvent('participant.updated', participant));
        }
        return participant;
      }),
    );
  }

  /** For the matches module, inside its transaction: who withdrew or was disqualified. */
  withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]> {
    return this.participants.withdrawnIn(accountId, tournamentId);
  }

  /** For the matches module, inside its transaction (which holds the tournament's lock): one participant, 404 if unknown. */
  findInPlay(accountId: string, tournamentId: string, id: string): Promise<Participant> {
    return this.find(accountId, tournamentId, id);
  }

  /** For the matches module, inside its transaction: a withdrawal or reinstatement it has applied to the matches. */
  saveInPlay(participant: Participant): Promise<void> {
    return this.participants.save(participant);
  }

  /** For the matches module, inside the transaction that starts a tournament requiring check-in: who did not check in leaves. */
  removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void> {
    return this.participants.removeNotCheckedIn(accountId, tournamentId);
  }

  /** For the matches module: the names and seeds of a tournament's opponents, by participant id. */
  async entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Map<string, Entrant>> {
    const rows = await this.participants.entrants(accountId, tournamentId, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** For the matches module, inside its transaction: final ranks once a tournament completes (or is corrected). */
  recordFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void> {
    return this.participants.setFinalRanks(accountId, tournamentId, ranks);
  }

  /** For league tables: every participant of these tournaments of the account, with its final rank, in one read. */
  placementsIn(accountId: string, tournamentIds: readonly string[]): Promise<Placement[]> {
    return this.participants.placementsIn(accountId, tournamentIds);
  }

  /**
   * Counts under the tournament's lock, so concurrent adds queue and the cap is never passed. A bulk registration
   * is heavy work: it takes one of the account's slots (HeavyWorkGate) first. A clash the store refuses is read
   * back after the rollback to point at the clashing items (`pointerOf(index)` + `/name`).
   */
  private async register(
    accountId: string,
    tournamentId: string,
    participants: Participant[],
    pointerOf: (index: number) => string,
    groups: GroupChange[],
    { heavy = false } = {},
  ): Promise<void> {
    try {
      await this.inRegistration(accountId, tournamentId, async (registration) => {
        if (heavy) await this.heavyWork.enter(accountId);
        checkRoomFor(registration, await this.participants.count(accountId, tournamentId), participants.length);
        checkGroups(registration, groups);
        await this.participants.add(participants);
        await this.events.append(...participants.map((participant) => participantEvent('participant.registered', participant)));
      });
    } catch (error) {
      if (!isClash(error)) throw error;
      throw locateClashes(error, await this.inSeedingOrder(accountId, tournamentId), participants, pointerOf);
    }
  }

  private inRegistration<T>(accountId: string, tournamentId: string, work: (registration: Registration) => Promise<T>): Promise<T> {
    return this.unitOfWork.run(async () => work(await this.tournaments.lockForRegistration(accountId, tournamentId)));
  }

  private async find(accountId: string, tournamentId: string, id: string): Promise<Participant> {
    const participant = await this.participants.findOwned(accountId, tournamentId, id);
    if (!participant) throw new ParticipantNotFoundError();
    return participant;
  }

  private withFreshVersion<T>(
    accountId: string,
    tournamentId: string,
    id: string,
    expected: ExpectedVersion<Participant>,
    write: (participant: Participant) => Promise<T>,
  ): Promise<T> {
    return withFreshVersion(() => this.find(accountId, tournamentId, id), expected, write, 'participant');
  }
}
