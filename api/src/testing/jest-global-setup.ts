import { beginRun } from './postgres-run';

/** Jest's global set-up of the API's tests: a place for the run's PostgreSQL cluster (started on first use). */
export default function globalSetup(): void {
  beginRun();
}
