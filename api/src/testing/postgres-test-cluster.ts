import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openPostgresRepositories } from '../database-postgres';
import { startPostgresCluster } from './postgres-cluster';

/**
 * One PostgreSQL cluster per test run, started by the first suite that needs it (a run of SQLite
 * suites alone starts none): Jest's global set-up makes a directory for the run
 * (JOIN_TEST_PG_RUN); the first worker to need PostgreSQL takes a lock there, starts the
 * cluster, migrates and seeds a template database, and writes where it is; the others read it.
 * Each suite then gets a database of its own copied from the template (CREATE DATABASE ...
 * TEMPLATE, a file copy: no migration or seed per suite). The global tear-down stops the cluster.
 * JOIN_TEST_PG_URL (a server of your own, `postgres://user@host:port`) skips the private cluster.
 */
export interface ClusterInfo {
  /** postgres://user@host:port, without a database. */
  base: string;
  /** The private cluster's directory, when this run started one. */
  dir?: string;
}

export const TEMPLATE_DATABASE = 'join_template';
const TEMPLATE_POOL_SIZE = 2000;

let info: Promise<ClusterInfo> | null = null;

export function databaseUrl(cluster: ClusterInfo, database: string): string {
  return `${cluster.base}/${database}`;
}

export async function createTemplate(base: string): Promise<void> {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE}`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const opened = await openPostgresRepositories(`${base}/${TEMPLATE_DATABASE}`, { poolSize: TEMPLATE_POOL_SIZE, poolMax: 2 });
  await opened.repos.close();
}

async function startForRun(run: string): Promise<ClusterInfo> {
  const lock = join(run, 'lock');
  const written = join(run, 'cluster.json');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    if (existsSync(written)) return JSON.parse(readFileSync(written, 'utf8')) as ClusterInfo;
    const cluster = await startPostgresCluster();
    const found: ClusterInfo = { base: `postgres://postgres@127.0.0.1:${cluster.port}`, dir: cluster.dir };
    // Written before the template, so the tear-down stops the cluster even if the template fails.
    writeFileSync(written, JSON.stringify(found));
    await createTemplate(found.base);
    return found;
  } finally {
    rmdirSync(lock);
  }
}

/** The run's cluster (started on first use). */
export function testCluster(): Promise<ClusterInfo> {
  if (!info) {
    const external = process.env.JOIN_TEST_PG_URL;
    const run = process.env.JOIN_TEST_PG_RUN;
    if (external) {
      const base = external.replace(/\/+$/, '');
      info = createTemplate(base).then(() => ({ base }));
    } else if (run) {
      info = startForRun(run);
    } else {
      // Outside Jest (a script): a cluster of this process, stopped when it exits.
      info = startPostgresCluster().then(async (cluster) => {
        process.once('exit', () => cluster.stop());
        const base = `postgres://postgres@127.0.0.1:${cluster.port}`;
        await createTemplate(base);
        return { base, dir: cluster.dir };
      });
    }
  }
  return info;
}

let made = 0;

/** A fresh database copied from the migrated and seeded template; dropped by `drop`. */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase(TEMPLATE_DATABASE);
}

/** A fresh database with nothing in it (not even the schema); dropped by `drop`. */
export async function freshEmptyDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  return createDatabase('template1');
}

async function createDatabase(template: string): Promise<{ url: string; drop(): Promise<void> }> {
  const cluster = await testCluster();
  made += 1;
  const name = `t_${process.pid}_${made}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: databaseUrl(cluster, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return {
    url: databaseUrl(cluster, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: databaseUrl(cluster, 'postgres') });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
