import type { MigrationObject } from '@mikro-orm/core';

/** Every schema change, oldest first. Append new migrations; never edit a released one. */
export const MIGRATIONS: MigrationObject[] = [];
