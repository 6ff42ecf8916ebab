import { Migration } from '@mikro-orm/migrations';
import { participantNameKey } from '../../domain/participant-name';

const PAGE = 5_000;

interface NameRow {
  account_id: string;
  tournament_id: string;
  id: string;
  name: string;
  registration_number: string;
}

/**
 * Participant names are unique by `participantNameKey` (NFKC, full case folding, invisible characters dropped),
 * no longer by lower(name): Straße and STRASSE, Ａｎａ and Ana, A\u200bna and Ana were two names before.
 * The key is computed here in JavaScript, the same function the application uses, and stored in `name_key`
 * with the unique index the adapter reports as participant_name_taken.
 *
 * Existing rows that now clash are kept as they are: the later registration's key gets a zero-width space and its
 * id appended, which no computed key can hold (the function drops such characters), so it clashes with nothing; a
 * rename recomputes its key like any other.
 */
export class ParticipantNameKeys20261125120100 extends Migration {
  override async up(): Promise<void> {
    await this.execute('alter table participants add column name_key text');
    let after: NameRow | undefined;
    let tournament = '';
    let seen = new Set<string>();
    for (;;) {
      const rows = (await this.execute(
        `select account_id, tournament_id, id, name, registration_number from participants
          ${after ? 'where (account_id, tournament_id, registration_number) > (?, ?, ?)' : ''}
          order by account_id, tournament_id, registration_number limit ${PAGE}`,
        after ? [after.account_id, after.tournament_id, after.registration_number] : [],
      )) as NameRow[];
      if (rows.length === 0) break;
      const keys = rows.map((row) => {
        const where = `${row.account_id}/${row.tournament_id}`;
        if (where !== tournament) [tournament, seen] = [where, new Set()];
        let key = participantNameKey(row.name);
        if (seen.has(key)) key = `${key}\u200b${row.id}`;
        seen.add(key);
        return { account_id: row.account_id, id: row.id, key };
      });
      await this.execute(
        `update participants p set name_key = k.key
           from jsonb_to_recordset(?::jsonb) as k(account_id uuid, id uuid, key text)
          where p.account_id = k.account_id and p.id = k.id`,
        [JSON.stringify(keys)],
      );
      after = rows[rows.length - 1];
    }
    await this.execute('alter table participants alter column name_key set not null');
    await this.execute('drop index participants_name_key');
    // Same name as the index it replaces: the adapter maps a clash on it to participant_name_taken.
    await this.execute('create unique index participants_name_key on participants (account_id, tournament_id, name_key)');
  }

  override async down(): Promise<void> {
    this.addSql('drop index participants_name_key');
    this.addSql('alter table participants drop column name_key');
    this.addSql('create unique index participants_name_key on participants (account_id, tournament_id, lower(name))');
  }
}
