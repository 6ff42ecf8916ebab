import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * Modules meet through each other's public API, never through each other's tables: a module owns the tables its
 * migrations create, and no other module's code (its migrations included) reads, writes or alters them in SQL.
 * A foreign key (`references accounts (id)`) is how a module points at another's rows, and stays allowed.
 */

interface SourceFile {
  /** Path relative to src/, e.g. `viewing/persistence/pg-shared-states.ts`. */
  path: string;
  text: string;
}

interface Violation {
  path: string;
  table: string;
}

/**
 * Historic migrations that change tables of two modules. A migration file cannot be split (its name is recorded in
 * schema_migrations), so it stays with the module that owns most of what it changes; each entry names the one foreign
 * table it may touch.
 */
const HISTORIC_MIGRATIONS_SPANNING_TWO_MODULES: readonly Violation[] = [
  // Matches, and the tournament setting for the rounds a swiss or free-for-all plays.
  { path: 'matches/persistence/migrations/20261122000400-matches.ts', table: 'tournaments' },
  // The third-place match: a tournament setting, and a bracket of the matches table.
  { path: 'matches/persistence/migrations/20261125400100-third-place-match.ts', table: 'tournaments' },
  // Withdrawals and check-in: a participant's status, the tournament's check-in window, a match's outcome.
  { path: 'matches/persistence/migrations/20261125500100-withdrawals-and-check-in.ts', table: 'participants' },
  { path: 'matches/persistence/migrations/20261125500100-withdrawals-and-check-in.ts', table: 'tournaments' },
  // Participants, and the (account_id, id) key of tournaments their foreign key needs.
  { path: 'participants/persistence/migrations/20261122000300-participants.ts', table: 'tournaments' },
  // tournaments.participant_count, kept by a trigger on participants.
  { path: 'participants/persistence/migrations/20261122000500-stored-participant-count.ts', table: 'tournaments' },
  // Leagues, and the foreign key tournaments.league_id got once the leagues table existed.
  { path: 'leagues/persistence/migrations/20261121000400-leagues.ts', table: 'tournaments' },
  // Competition rules: tournament settings, a league's scoring, a match's home side.
  { path: 'tournaments/persistence/migrations/20261125300100-competition-rules.ts', table: 'leagues' },
  { path: 'tournaments/persistence/migrations/20261125300100-competition-rules.ts', table: 'matches' },
  // Share links of tournaments and leagues alike, and their NOTIFY when a link is dropped.
  { path: 'tournaments/persistence/migrations/20261125700100-sharing.ts', table: 'leagues' },
  { path: 'tournaments/persistence/migrations/20261127470100-share-link-drops.ts', table: 'leagues' },
  // Account sessions, and their signing key among the service secrets.
  { path: 'account-web/persistence/migrations/20261122000100-account-sessions.ts', table: 'service_secrets' },
];

const ALLOWED: readonly Violation[] = HISTORIC_MIGRATIONS_SPANNING_TWO_MODULES;

const MODULE_OF_PATH = /^([^/]+)\//;
const MIGRATION_FILE = /\/migrations\/\d{14}-[^/]+\.ts$/;
const CREATED_TABLE = /\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?"?([a-z_][a-z0-9_]*)/gi;
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:'"`])\/\/[^\n]*/g;

function moduleOf(path: string): string | undefined {
  return MODULE_OF_PATH.exec(path)?.[1];
}

/** Each table, mapped to the module whose migrations create it. */
function tableOwners(files: readonly SourceFile[]): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of files) {
    const owner = moduleOf(file.path);
    if (!owner || !MIGRATION_FILE.test(`/${file.path}`)) continue;
    for (const [, table] of file.text.matchAll(CREATED_TABLE)) owners.set(table!.toLowerCase(), owner);
  }
  return owners;
}

/**
 * SQL that reads, writes or alters the table (not a foreign key's `references`). A migration that names the table
 * as a string (`for (const table of ['tournaments', 'leagues'])`) builds such SQL too.
 */
function touchesTable(sql: string, table: string, isMigration: boolean): boolean {
  const name = `"?${table}"?(?![a-z0-9_])`;
  const positions = [
    `\\bfrom\\s+(?:only\\s+)?${name}`,
    `\\bjoin\\s+(?:lateral\\s+)?${name}`,
    `\\binto\\s+${name}`,
    `\\bupdate\\s+(?:only\\s+)?${name}`,
    `\\balter\\s+table\\s+(?:if\\s+exists\\s+)?(?:only\\s+)?${name}`,
    `\\bdrop\\s+table\\s+(?:if\\s+exists\\s+)?${name}`,
    `\\btruncate\\s+(?:table\\s+)?${name}`,
    `\\block\\s+table\\s+${name}`,
    `\\bon\\s+(?:only\\s+)?${name}\\s*(?:\\(|using\\b|for\\b|\\bexecute\\b|$)`,
    `\\bcomment\\s+on\\s+(?:table|column)\\s+${name}`,
    ...(isMigration ? [`['"\`]${table}['"\`]`] : []),
  ];
  return new RegExp(positions.join('|'), 'im').test(sql);
}

/** Every file:table where a module's code names another module's table in SQL, less the allowed historic ones. */
function foreignTableUses(files: readonly SourceFile[], allowed: readonly Violation[] = []): Violation[] {
  const owners = tableOwners(files);
  const found: Violation[] = [];
  for (const file of files) {
    const module = moduleOf(file.path);
    if (!module) continue;
    const isMigration = MIGRATION_FILE.test(`/${file.path}`);
    const code = file.text.replace(COMMENT, '$1');
    for (const [table, owner] of owners) {
      if (owner === module || !touchesTable(code, table, isMigration)) continue;
      if (allowed.some((entry) => entry.path === file.path && entry.table === table)) continue;
      found.push({ path: file.path, table });
    }
  }
  return found;
}

function sourceFiles(root: string, dir = root): SourceFile[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(root, path);
    if (!name.endsWith('.ts') || name.endsWith('.spec.ts')) return [];
    return [{ path: relative(root, path).split('\\').join('/'), text: readFileSync(path, 'utf8') }];
  });
}

describe('table ownership', () => {
  const files = sourceFiles(__dirname);

  it('gives every table one owning module, from the migrations that create it', () => {
    const owners = tableOwners(files);
    expect(owners.get('tournaments')).toBe('tournaments');
    expect(owners.get('accounts')).toBe('tokens');
    expect(owners.get('events')).toBe('events');
    expect(owners.size).toBeGreaterThanOrEqual(20);
  });

  it('finds no module reading, writing or altering another module’s table in SQL', () => {
    const uses = foreignTableUses(files, ALLOWED).map(({ path, table }) => `${path}: ${table}`);
    expect(uses).toEqual([]);
  });

  it('needs every allow-list entry it has', () => {
    const stale = ALLOWED.filter(
      (entry) => !foreignTableUses(files).some((use) => use.path === entry.path && use.table === entry.table),
    );
    expect(stale).toEqual([]);
  });

  describe('on planted files', () => {
    const owning: SourceFile[] = [
      { path: 'shop/persistence/migrations/20260101000000-orders.ts', text: "this.addSql('create table orders (id uuid primary key)');" },
      { path: 'billing/persistence/migrations/20260101000100-invoices.ts', text: 'this.addSql(`create table invoices (order_id uuid references orders (id) on delete cascade)`);' },
    ];
    const uses = (text: string, path = 'billing/persistence/invoice-store.ts') => foreignTableUses([...owning, { path, text }]);

    it('fails on a read, a join, a write and an alter of another module’s table', () => {
      expect(uses('await sql(em, `select id from orders where id = $1`)')).toEqual([{ path: 'billing/persistence/invoice-store.ts', table: 'orders' }]);
      expect(uses("'select * from invoices i join orders o on o.id = i.order_id'")).toHaveLength(1);
      expect(uses("'insert into orders (id) values ($1)'")).toHaveLength(1);
      expect(uses("'update orders set id = $1'")).toHaveLength(1);
      expect(uses("'delete from orders'")).toHaveLength(1);
      expect(uses("this.addSql('alter table orders add column paid boolean')", 'billing/persistence/migrations/20260101000200-paid.ts')).toHaveLength(1);
      expect(uses("'create index orders_paid on orders (paid)'")).toHaveLength(1);
      const loop = "for (const table of ['orders']) this.addSql(`alter table ${table} add column paid boolean`);";
      expect(uses(loop, 'billing/persistence/migrations/20260101000200-paid.ts')).toHaveLength(1);
    });

    it('allows foreign keys, the owner’s own SQL, comments and words that only look like SQL', () => {
      expect(foreignTableUses(owning)).toEqual([]);
      expect(uses("'select * from orders'", 'shop/persistence/order-store.ts')).toEqual([]);
      expect(uses('// reads from orders through the shop module\nconst x = 1;')).toEqual([]);
      expect(uses("'select * from orders_archive'")).toEqual([]);
    });

    it('lets a listed historic migration touch the one table it names, and no other', () => {
      const path = 'billing/persistence/migrations/20260101000200-paid.ts';
      const planted = [...owning, { path, text: "this.addSql('alter table orders add column paid boolean')" }];
      expect(foreignTableUses(planted, [{ path, table: 'orders' }])).toEqual([]);
      expect(foreignTableUses(planted, [{ path, table: 'invoices' }])).toEqual([{ path, table: 'orders' }]);
    });
  });
});
