import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeAccountRepositoryContract } from './account-repository-contract';

/** The PostgreSQL implementation against the AccountRepository suite. */
describeAccountRepositoryContract('PostgreSQL', postgresImplementation());
