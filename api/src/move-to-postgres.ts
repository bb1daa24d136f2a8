import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { PgDatabase } from './platform/db/postgres/pg-database';
import { moveSqliteToPostgres } from './platform/db/postgres/move-from-sqlite';
import { PG_MIGRATIONS } from './schema-versions-postgres';

/**
 * `pnpm --filter @join/api db:move-to-postgres -- --from api/data/join.sqlite --to postgres://user@host/join`
 * copies an embedded database into an empty PostgreSQL database (api/README.md "Moving to
 * PostgreSQL"). --from defaults to JOIN_DB or the file `npm start` uses, --to to
 * JOIN_DATABASE_URL. Stop the product on the SQLite file first. Prints every table's rows and
 * the total; exits 1, with PostgreSQL untouched, if anything does not fit or does not count up.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } } });
  const apiDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const from = resolve(values.from ?? process.env.JOIN_DB ?? join(apiDir, 'data', 'join.sqlite'));
  const to = values.to ?? process.env.JOIN_DATABASE_URL;
  if (!to || !/^postgres(ql)?:\/\//.test(to)) throw new Error('--to postgres://user@host:port/database (or JOIN_DATABASE_URL) is needed');
  const started = performance.now();
  const pg = PgDatabase.connect(to, { max: 2 });
  try {
    console.log(`Moving ${from} to ${new URL(to).host}${new URL(to).pathname}`);
    const report = await moveSqliteToPostgres(from, pg, PG_MIGRATIONS, { log: (line) => console.log(`  ${line}`) });
    console.log(`Moved ${report.rows} rows in ${report.tables.length} tables (schema version ${report.schemaVersion}) in ${Math.round(performance.now() - started)} ms; every table's count matches.`);
  } finally {
    await pg.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
