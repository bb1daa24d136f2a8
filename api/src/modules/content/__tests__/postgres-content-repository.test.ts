import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeContentRepositoryContract } from './content-repository-contract';

/** The PostgreSQL implementation against the ContentRepository suite. */
describeContentRepositoryContract('PostgreSQL', postgresImplementation());
