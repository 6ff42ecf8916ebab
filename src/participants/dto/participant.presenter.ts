import { domainFieldsOf } from '../../platform/http/body-fields';
import { etagFor } from '../../platform/http/etag';
import { wireInstant, wireInstantOrNull } from '../../platform/http/wire-instant';
import { NewParticipant, Participant, PARTICIPANT_WIRE_NAMES, ParticipantChanges } from '../domain/participant';
import { CreateParticipantDto, UpdateParticipantDto } from './participant-body.dto';
import { Seeding } from '../domain/seeding';

/** The wire form of a participant (spec §11): snake_case, instants in UTC with milliseconds. */
export function presentParticipant(participant: Participant) {
  return {
    id: participant.id,
    tournament_id: participant.tournamentId,
    name: participant.name,
    seed: participant.seed,
    external_id: participant.externalId,
    metadata: participant.metadata,
    group: participant.group,
    final_rank: participant.finalRank,
    status: participant.status,
    withdrawal: participant.withdrawal && {
      reason: participant.withdrawal.reason,
      note: participant.withdrawal.note,
      void_results: participant.withdrawal.voidResults,
      forfeit_score: participant.withdrawal.forfeitScore,
      at: wireInstant(new Date(participant.withdrawal.at)),
    },
    checked_in_at: wireInstantOrNull(participant.checkedInAt),
    created_at: wireInstant(participant.createdAt),
    updated_at: wireInstant(participant.updatedAt),
    version: participant.version,
  };
}

export function participantEtag(participant: Participant): string {
  return etagFor(participant.version);
}

export function toNewParticipant(body: CreateParticipantDto): NewParticipant {
  return domainFieldsOf(body, PARTICIPANT_WIRE_NAMES) as NewParticipant;
}

export function toParticipantChanges(body: UpdateParticipantDto): ParticipantChanges {
  return domainFieldsOf(body, PARTICIPANT_WIRE_NAMES) as ParticipantChanges;
}

/** The wire form of a seeding: the field in its new order, each with its seed before and after. */
export function presentSeeding(seeding: Seeding) {
  return {
    by: seeding.by,
    league_id: seeding.leagueId,
    random_seed: seeding.randomSeed,
    dry_run: seeding.dryRun,
    data: seeding.order.map((entry) => ({
      participant_id: entry.participantId,
      name: entry.name,
      external_id: entry.externalId,
      previous_seed: entry.previousSeed,
      seed: entry.seed,
    })),
  };
}
