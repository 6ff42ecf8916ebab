import { domainFieldsOf } from '../../shared/http/body-fields';
import { etagFor } from '../../shared/http/etag';
import { wireInstant } from '../../shared/http/wire-instant';
import { NewParticipant, Participant, PARTICIPANT_WIRE_NAMES, ParticipantChanges } from '../domain/participant';
import { CreateParticipantDto, UpdateParticipantDto } from './participant-body.dto';

/** The wire form of a participant (spec §11): snake_case, instants in UTC with milliseconds. */
export function presentParticipant(participant: Participant) {
  return {
    id: participant.id,
    tournament_id: participant.tournamentId,
    name: participant.name,
    seed: participant.seed,
    external_id: participant.externalId,
    metadata: participant.metadata,
    final_rank: participant.finalRank,
    created_at: wireInstant(participant.createdAt),
    updated_at: wireInstant(participant.updatedAt),
    version: participant.version,
  };
}

export function participantEtag(participant: Participant): string {
  return etagFor(participant.version);
}

/** snake_case body field → domain field: the domain's wire names, inverted. */
const FIELD_NAMES = Object.fromEntries(Object.entries(PARTICIPANT_WIRE_NAMES).map(([domain, wire]) => [wire, domain]));

export function toNewParticipant(body: CreateParticipantDto): NewParticipant {
  return domainFieldsOf(body, FIELD_NAMES) as NewParticipant;
}

export function toParticipantChanges(body: UpdateParticipantDto): ParticipantChanges {
  return domainFieldsOf(body, FIELD_NAMES) as ParticipantChanges;
}
