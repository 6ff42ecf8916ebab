import type { MigrationObject } from '@mikro-orm/core';
import { Tournaments20261121000300 } from './20261121000300-tournaments';
import { LargerEvents20261125110100 } from './20261125110100-larger-events';
import { CompetitionRules20261125300100 } from './20261125300100-competition-rules';
import { Sharing20261125700100 } from './20261125700100-sharing';
import { ScheduleSettings20261127410200 } from './20261127410200-schedule-settings';
import { BestOf20261127440100 } from './20261127440100-best-of';
import { ShareLinkDrops20261127470100 } from './20261127470100-share-link-drops';
import { Stages20261127500100 } from './20261127500100-stages';
import { FormatsFromCatalog20261128000100 } from './20261128000100-formats-from-catalog';

/** The schema changes of the tournaments module; the composition root (src/migrations.ts) runs every module's in timestamp order. */
export const TOURNAMENTS_MIGRATIONS: MigrationObject[] = [
  { name: '20261121000300-tournaments', class: Tournaments20261121000300 },
  { name: '20261125110100-larger-events', class: LargerEvents20261125110100 },
  { name: '20261125300100-competition-rules', class: CompetitionRules20261125300100 },
  { name: '20261125700100-sharing', class: Sharing20261125700100 },
  { name: '20261127410200-schedule-settings', class: ScheduleSettings20261127410200 },
  { name: '20261127440100-best-of', class: BestOf20261127440100 },
  { name: '20261127470100-share-link-drops', class: ShareLinkDrops20261127470100 },
  { name: '20261127500100-stages', class: Stages20261127500100 },
  { name: '20261128000100-formats-from-catalog', class: FormatsFromCatalog20261128000100 },
];
