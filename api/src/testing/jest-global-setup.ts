import { beginRun } from './postgres-run';

/**
 * Jest's global set-up of the API's tests: a place for the run's PostgreSQL cluster. A whole run
 * (no test path given: `npm test`, CI) starts the cluster and its template here, before the
 * workers, so no suite's set-up waits for it under load; a run of chosen files starts it only
 * when one of them needs it.
 */
export default async function globalSetup(globalConfig: { testPathPatterns?: { patterns?: readonly string[] } }): Promise<void> {
  beginRun();
  if ((globalConfig.testPathPatterns?.patterns?.length ?? 0) === 0 && !process.env.JOIN_TEST_SKIP_POSTGRES) {
    const { testCluster } = await import('./postgres-test-cluster');
    await testCluster();
  }
}
