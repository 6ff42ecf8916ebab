import type { MigrationObject } from '@mikro-orm/core';
import { Participants20261122000300 } from './20261122000300-participants';
import { StoredParticipantCount20261122000500 } from './20261122000500-stored-participant-count';
import { ParticipantNameKeys20261125120100 } from './20261125120100-participant-name-keys';
import { ParticipantGroups20261127500500 } from './20261127500500-participant-groups';

/** The schema changes of the participants module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const PARTICIPANTS_MIGRATIONS: MigrationObject[] = [
  { name: '20261122000300-participants', class: Participants20261122000300 },
  { name: '20261122000500-stored-participant-count', class: StoredParticipantCount20261122000500 },
  { name: '20261125120100-participant-name-keys', class: ParticipantNameKeys20261125120100 },
  { name: '20261127500500-participant-groups', class: ParticipantGroups20261127500500 },
];
