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
