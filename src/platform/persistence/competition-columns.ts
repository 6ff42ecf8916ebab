/**
 * The columns every competition table (a tournament's, a league's) starts with, as MikroORM schema properties:
 * its id, its account, and its name, description and game. A module's EntitySchema spreads them first. New
 * objects on every call: MikroORM rewrites the property options it is given.
 */
export function competitionColumns() {
  return {
    id: { type: 'uuid', primary: true },
    accountId: { type: 'uuid', fieldName: 'account_id' },
    name: { type: 'text' },
    description: { type: 'text', nullable: true },
    game: { type: 'text', nullable: true },
  } as const;
}
