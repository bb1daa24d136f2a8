import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeSessionRepositoryContract } from './session-repository-contract';

/** The PostgreSQL implementation against the SessionRepository suite. */
describeSessionRepositoryContract('PostgreSQL', postgresImplementation());
