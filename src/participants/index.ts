import type { ModuleManifest } from '../platform/module-manifest';
import { PARTICIPANT_EVENT_TYPES } from './participants.events';
import { PARTICIPANTS_PROBLEM_KINDS } from './participants.problems';
import { participantsApiDocs } from './participants.openapi';
import { ParticipantsModule } from './participants.module';
import { ParticipantsService } from './participants.service';
import { PARTICIPANTS_MIGRATIONS } from './persistence/migrations';
import { SeedingRatingsHook } from './seeding-ratings';

/** A tournament's participants: registration, check-in, seeding. */
export const participantsManifest: ModuleManifest = {
  name: 'participants',
  nestModules: [ParticipantsModule],
  migrations: PARTICIPANTS_MIGRATIONS,
  apiDocs: () => [participantsApiDocs()],
  problems: PARTICIPANTS_PROBLEM_KINDS,
  eventTypes: PARTICIPANT_EVENT_TYPES,
  ports: [ParticipantsService, SeedingRatingsHook],
};
// What other modules may import from this one: the direction check refuses an import of any other file.
export { AlreadyWithdrawnError, NotWithdrawnError, ParticipantNotFoundError } from './domain/participant-errors';
export { Entrant, FieldEntry } from './domain/participant.repository';
export { Participant } from './domain/participant';
export { WithdrawalReason, reinstate, withdraw } from './domain/withdrawal';
export { participantEtag, presentParticipant } from './dto/participant.presenter';
export { ParticipantsModule } from './participants.module';
export { ParticipantsService } from './participants.service';
export { SeedingRatingsHook } from './seeding-ratings';
