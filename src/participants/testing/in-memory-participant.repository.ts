import { instantPosition, keysetSlice, SortKey } from '../../platform/pagination/in-memory-keyset';
import { KeysetPosition } from '../../platform/pagination/cursor';
import { Participant } from '../domain/participant';
import { ExternalIdTakenError, ParticipantNameTakenError, SeedTakenError } from '../domain/participant-errors';
import {
  FieldEntry,
  Entrant,
  ParticipantListQuery,
  ParticipantRepository,
  ParticipantSortField,
  Placement,
  PositionedParticipant,
  StaleParticipantError,
} from '../domain/participant.repository';

interface Row {
  participant: Participant;
  /** Registration order, as the database's identity column numbers rows. */
  registrationNumber: number;
}

/**
 * The participants repository contract in memory, for service tests. It keeps copies, as a database keeps
 * rows, bumps `version` on save, and enforces the tournament's uniqueness rules as the unique indexes do.
 * The shared contract suite holds both adapters to the same rules.
 */
export class InMemoryParticipantRepository extends ParticipantRepository {
  private readonly rows = new Map<string, Row>();
  private registrations = 0;

  async findOwned(accountId: string, tournamentId: string, id: string): Promise<Participant | null> {
    const row = this.rows.get(id);
    return row && owns(row.participant, accountId, tournamentId) ? copy(row.participant) : null;
  }

  async entrants(accountId: string, tournamentId: string, ids: readonly string[]): Promise<Entrant[]> {
    return ids.flatMap((id) => {
      const row = this.rows.get(id);
      return row && owns(row.participant, accountId, tournamentId) ? [{ id, name: row.participant.name, seed: row.participant.seed }] : [];
    });
  }

  async add(participants: Participant[]): Promise<void> {
    // All or nothing: check the whole batch against what is stored, and against itself, before storing any.
    participants.forEach((participant, index) => this.checkUnique(participant, participants.slice(0, index)));
    for (const participant of participants) {
      this.rows.set(participant.id, { participant: copy(participant), registrationNumber: ++this.registrations });
    }
  }

  async save(participant: Participant): Promise<void> {
    const stored = this.rows.get(participant.id);
    if (!stored || stored.participant.version !== participant.version) throw new StaleParticipantError();
    this.checkUnique(participant);
    participant.version += 1;
    stored.participant = copy(participant);
  }

  async remove(participant: Participant): Promise<boolean> {
    const stored = this.rows.get(participant.id)?.participant;
    if (!stored || stored.version !== participant.version || stored.accountId !== participant.accountId) return false;
    return this.rows.delete(participant.id);
  }

  async count(accountId: string, tournamentId: string): Promise<number> {
    return this.inTournament(accountId, tournamentId).length;
  }

  async withdrawnIn(accountId: string, tournamentId: string): Promise<Participant[]> {
    return this.inTournament(accountId, tournamentId)
      .filter((row) => row.participant.status !== 'active')
      .map((row) => copy(row.participant));
  }

  async list(query: ParticipantListQuery): Promise<PositionedParticipant[]> {
    const { field, direction } = query.sort;
    const q = query.filters.q?.toLowerCase();
    const rows = this.inTournament(query.accountId, query.tournamentId).filter((row) => !q || row.participant.name.toLowerCase().includes(q));
    const after = query.after && { key: keyOfPosition(query.after, field), id: query.after.id };
    const page = keysetSlice(rows, { keyOf: (row) => sortKey(row, field), idOf: (row) => row.participant.id, direction }, after, query.limit);
    return page.map((row) => ({ participant: copy(row.participant), position: positionOf(row, field) }));
  }

  async seedingOrder(accountId: string, tournamentId: string): Promise<FieldEntry[]> {
    const rows = this.inTournament(accountId, tournamentId);
    const ordered = keysetSlice(rows, { keyOf: (row) => sortKey(row, 'seed'), idOf: (row) => row.participant.id, direction: 'asc' }, undefined, rows.length);
    return ordered.map(({ participant: { id, seed, name, nameKey, externalId, status, checkedInAt, finalRank, group } }) => ({ id, seed, name, nameKey, externalId, status, checkedInAt, finalRank, group }));
  }

  async removeNotCheckedIn(accountId: string, tournamentId: string): Promise<void> {
    for (const row of this.inTournament(accountId, tournamentId)) if (row.participant.checkedInAt === null) this.rows.delete(row.participant.id);
  }

  async setFinalRanks(accountId: string, tournamentId: string, ranks: ReadonlyMap<string, number | null>): Promise<void> {
    for (const row of this.inTournament(accountId, tournamentId)) {
      const rank = ranks.get(row.participant.id);
      // As in SQL: a rank that does not change leaves the version alone.
      if (rank === undefined || rank === row.participant.finalRank) continue;
      row.participant.finalRank = rank;
      row.participant.version++;
    }
  }

  async setSeeds(accountId: string, tournamentId: string, seeds: ReadonlyMap<string, number | null>): Promise<Participant[]> {
    const changed = this.inTournament(accountId, tournamentId).filter(({ participant }) => seeds.has(participant.id));
    const taken = new Set(this.inTournament(accountId, tournamentId).filter(({ participant }) => !seeds.has(participant.id)).map(({ participant }) => participant.seed));
    if ([...seeds.values()].some((seed) => seed !== null && taken.has(seed))) throw new SeedTakenError();
    const now = new Date();
    for (const { participant } of changed) {
      participant.seed = seeds.get(participant.id)!;
      participant.version++;
      participant.updatedAt = now;
    }
    return changed.map(({ participant }) => copy(participant));
  }

  async placementsIn(accountId: string, tournamentIds: readonly string[]): Promise<Placement[]> {
    return tournamentIds.flatMap((tournamentId) =>
      this.inTournament(accountId, tournamentId).map(({ participant }) => ({
        tournamentId,
        participantId: participant.id,
        name: participant.name,
        externalId: participant.externalId,
        seed: participant.seed,
        finalRank: participant.finalRank,
      })),
    );
  }

  private inTournament(accountId: string, tournamentId: string): Row[] {
    return [...this.rows.values()].filter((row) => owns(row.participant, accountId, tournamentId));
  }

  private checkUnique(participant: Participant, alsoAgainst: Participant[] = []): void {
    const others = [
      ...this.inTournament(participant.accountId, participant.tournamentId).map((row) => row.participant),
      ...alsoAgainst,
    ].filter((other) => other.id !== participant.id);
    if (others.some((other) => other.nameKey === participant.nameKey)) throw new ParticipantNameTakenError();
    if (participant.seed !== null && others.some((other) => other.seed === participant.seed)) throw new SeedTakenError();
    if (participant.externalId !== null && others.some((other) => other.externalId === participant.externalId)) {
      throw new ExternalIdTakenError();
    }
  }
}

/** As the SQL adapter's keys: seeds 1..1024 as -1024..-1 then registration numbers; names lower-cased; instants in ms. */
function sortKey(row: Row, field: ParticipantSortField): SortKey {
  if (field === 'seed') return row.participant.seed !== null ? row.participant.seed - 1025 : row.registrationNumber;
  if (field === 'name') return row.participant.name.toLowerCase();
  return row.participant.createdAt.getTime();
}

function positionOf(row: Row, field: ParticipantSortField): KeysetPosition {
  const key = sortKey(row, field);
  return field === 'seed' ? { value: String(key), id: row.participant.id } : instantPosition(key, row.participant.id);
}

function keyOfPosition(position: KeysetPosition, field: ParticipantSortField): SortKey {
  if (field === 'seed') return Number(position.value);
  if (field === 'name') return position.value ?? '';
  return new Date(position.value ?? 0).getTime();
}

function owns(participant: Participant, accountId: string, tournamentId: string): boolean {
  return participant.accountId === accountId && participant.tournamentId === tournamentId;
}

function copy(participant: Participant): Participant {
  return Object.assign(new Participant(), structuredClone({ ...participant }));
}
