import Database from 'better-sqlite3';
import { schemaVersion } from '../migrations';
import type { Migration } from '../migrations';
import type { PgDatabase } from './pg-database';
import { migratePostgres, pgSchemaVersion } from './pg-migrations';

/**
 * Moves an embedded SQLite database into an empty PostgreSQL database of the same schema version:
 * every table, every row, in one PostgreSQL transaction (a move that fails leaves the target as it
 * was), then checked row count by row count. The SQLite file is opened read-only and never
 * changed; stop the product on it first, so nothing is written after the copy.
 *
 * Tables are copied parents first (the foreign keys' order, read from PostgreSQL's catalogue,
 * plus the tables a trigger reads before it lets a row in), with PostgreSQL's triggers and
 * constraints on: a row today's rules would refuse stops the move, naming its table, rather
 * than slip in. Identity columns keep their values and their sequences continue after the
 * highest; the columns that stand for SQLite's implicit rowid (`seq`) take the rowid.
 */
export interface MoveReport {
  schemaVersion: number;
  tables: { table: string; rows: number }[];
  rows: number;
}

/** SQLite tables that have no PostgreSQL counterpart on purpose. */
const SQLITE_ONLY = /^(sqlite_.*|schema_migrations|numbers_search(_.*)?|counters)$/;
/**
 * SQLite's named counters that are sequences on PostgreSQL (a counter row would make every claim
 * wait for the one before it across instances): counter name -> sequence.
 */
const COUNTER_SEQUENCES: Record<string, string> = { reservation_id: 'reservation_ids' };
/** Tables a PostgreSQL trigger reads before it lets a row in (not foreign keys): child -> parents. */
const TRIGGER_READS: Record<string, string[]> = {
  payments: ['identity_decisions'],
  orders: ['identity_decisions'],
};
/** Tables whose rows the migrations insert as structure: replaced by the source's. */
const STRUCTURE_ROWS = new Set(['reference_versions']);
const BATCH = 500;

interface PgColumn {
  table_name: string;
  column_name: string;
  is_identity: 'YES' | 'NO';
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Parents before children; a cycle (none today) is an error, naming its tables. */
function copyOrder(tables: string[], edges: { child: string; parent: string }[]): string[] {
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of edges) if (child !== parent && parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  for (const [child, list] of Object.entries(TRIGGER_READS)) for (const parent of list) if (parents.has(child) && parents.has(parent)) parents.get(child)?.add(parent);
  const order: string[] = [];
  const done = new Set<string>();
  while (order.length < tables.length) {
    const ready = tables.filter((t) => !done.has(t) && [...(parents.get(t) ?? [])].every((p) => done.has(p)));
    if (ready.length === 0) throw new Error(`the tables' foreign keys go round in a circle: ${tables.filter((t) => !done.has(t)).join(', ')}`);
    for (const t of ready.sort()) {
      order.push(t);
      done.add(t);
    }
  }
  return order;
}

export async function moveSqliteToPostgres(
  sqliteFile: string,
  pg: PgDatabase,
  pgMigrations: readonly Migration[],
  options: { now?: number; log?: (line: string) => void } = {},
): Promise<MoveReport> {
  const log = options.log ?? (() => undefined);
  const source = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  try {
    const sourceVersion = schemaVersion(source);
    const latest = Math.max(...pgMigrations.map((m) => m.version));
    if (sourceVersion !== latest) {
      throw new Error(
        `the SQLite database is at schema version ${sourceVersion}, PostgreSQL's schema at ${latest}: start the product once on the SQLite file (it migrates it), stop it, then move`,
      );
    }
    await migratePostgres(pg, pgMigrations, options.now ?? Date.now());
    const targetVersion = await pgSchemaVersion(pg);
    if (targetVersion !== sourceVersion) throw new Error(`PostgreSQL is at schema version ${targetVersion}, the SQLite database at ${sourceVersion}`);

    const columns = await pg.many<PgColumn>(
      `SELECT c.table_name, c.column_name, c.is_identity FROM information_schema.columns c
         JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
        WHERE c.table_schema = current_schema() AND c.is_generated = 'NEVER' AND c.table_name <> 'schema_migrations'
        ORDER BY c.table_name, c.ordinal_position`,
    );
    const tables = [...new Set(columns.map((c) => c.table_name))];
    const edges = await pg.many<{ child: string; parent: string }>(
      `SELECT conrelid::regclass::text AS child, confrelid::regclass::text AS parent FROM pg_constraint
        WHERE contype = 'f' AND connamespace = current_schema()::regnamespace`,
    );
    const sourceTables = (source.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name);
    const unknown = sourceTables.filter((t) => !SQLITE_ONLY.test(t) && !tables.includes(t));
    if (unknown.length > 0) throw new Error(`SQLite tables PostgreSQL has no place for: ${unknown.join(', ')}`);
    const missing = tables.filter((t) => !sourceTables.includes(t));
    if (missing.length > 0) throw new Error(`PostgreSQL tables the SQLite database lacks: ${missing.join(', ')}`);

    const order = copyOrder(tables, edges);
    const report: MoveReport = { schemaVersion: sourceVersion, tables: [], rows: 0 };
    await pg.transaction(async () => {
      for (const table of order) {
        if (STRUCTURE_ROWS.has(table)) continue;
        const { n } = await pg.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
        if (n > 0) throw new Error(`PostgreSQL's ${table} has ${n} rows already: a move goes into an empty database (a fresh one: createdb)`);
      }
      for (const table of order) {
        const cols = columns.filter((c) => c.table_name === table);
        const sourceColumns = new Set((source.prepare(`PRAGMA table_info(${quote(table)})`).all() as { name: string }[]).map((c) => c.name));
        const select = cols.map((c) => {
          if (sourceColumns.has(c.column_name)) return quote(c.column_name);
          if (c.column_name === 'seq') return `rowid AS ${quote('seq')}`;
          throw new Error(`PostgreSQL's ${table}.${c.column_name} has no SQLite column to come from`);
        });
        if (STRUCTURE_ROWS.has(table)) await pg.run(`DELETE FROM ${quote(table)}`);
        // In rowid order where there is one (a WITHOUT ROWID table has its key's order).
        const withoutRowid = /WITHOUT\s+ROWID/i.test((source.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(table) as { sql: string }).sql);
        const rows = source.prepare(`SELECT ${select.join(', ')} FROM ${quote(table)}${withoutRowid ? '' : ' ORDER BY rowid'}`).raw().iterate() as IterableIterator<unknown[]>;
        let batch: unknown[][] = [];
        let copied = 0;
        const flush = async () => {
          if (batch.length === 0) return;
          const values = batch.map((row, r) => `(${row.map((_, c) => `$${r * cols.length + c + 1}`).join(', ')})`).join(', ');
          await pg.run(`INSERT INTO ${quote(table)} (${cols.map((c) => quote(c.column_name)).join(', ')}) VALUES ${values}`, batch.flat());
          copied += batch.length;
          batch = [];
        };
        for (const row of rows) {
          batch.push(row);
          if (batch.length >= BATCH) await flush();
        }
        await flush();
        for (const c of cols.filter((col) => col.is_identity === 'YES')) {
          await pg.query(
            `SELECT setval(pg_get_serial_sequence($1, $2), GREATEST((SELECT MAX(${quote(c.column_name)}) FROM ${quote(table)}), 1), (SELECT MAX(${quote(c.column_name)}) FROM ${quote(table)}) IS NOT NULL)`,
            [table, c.column_name],
          );
        }
        // The check: every row the SQLite table has, PostgreSQL's has.
        const { n } = await pg.one<{ n: number }>(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
        const { m } = source.prepare(`SELECT COUNT(*) AS m FROM ${quote(table)}`).get() as { m: number };
        if (n !== m || copied !== m) throw new Error(`${table}: ${m} rows in SQLite, ${n} in PostgreSQL after the copy`);
        report.tables.push({ table, rows: n });
        report.rows += n;
        log(`${table}: ${n}`);
      }
      // The counters go on where they were: the next reservation id is the SQLite one's next.
      const counters = sourceTables.includes('counters') ? (source.prepare('SELECT name, value FROM counters').all() as { name: string; value: number }[]) : [];
      for (const { name, value } of counters) {
        const sequence = COUNTER_SEQUENCES[name];
        if (!sequence) throw new Error(`SQLite counter ${name} has no PostgreSQL sequence to go to`);
        await pg.query('SELECT setval($1::regclass, GREATEST($2::bigint, 1), $2::bigint > 0)', [sequence, value]);
      }
    });
    return report;
  } finally {
    source.close();
  }
}
