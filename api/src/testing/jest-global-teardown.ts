import { endRun } from './postgres-run';

/** Jest's global tear-down of the API's tests: stops the run's PostgreSQL cluster, if a suite started one. */
export default function globalTeardown(): void {
  endRun();
}
