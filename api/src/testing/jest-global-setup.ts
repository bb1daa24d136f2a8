import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beginRun } from './postgres-run';
import { startPostgresCluster } from './postgres-cluster';

/**
 * Jest's global set-up of the API's tests: a place for the run's PostgreSQL cluster. A whole run
 * (no test path given: `npm test`, CI) starts the cluster and migrates and seeds its template
 * here, before the workers, so no suite's set-up waits for it under load; a run of chosen files
 * starts it only when one of them needs it (postgres-test-cluster.ts).
 */
export default async function globalSetup(globalConfig: { testPathPatterns?: { patterns?: readonly string[] } }): Promise<void> {
  const run = beginRun();
  if ((globalConfig.testPathPatterns?.patterns?.length ?? 0) > 0 || process.env.JOIN_TEST_PG_URL) return;
  const cluster = await startPostgresCluster();
  const base = `postgres://postgres@127.0.0.1:${cluster.port}`;
  try {
    execFileSync(process.execPath, ['--import', 'tsx', join(__dirname, 'make-postgres-template.ts'), base], { stdio: 'inherit', cwd: join(__dirname, '..', '..') });
  } catch (e) {
    cluster.stop();
    throw e;
  }
  // What the workers read (postgres-test-cluster.ts), and the tear-down stops.
  writeFileSync(join(run, 'cluster.json'), JSON.stringify({ base, dir: cluster.dir }));
}
