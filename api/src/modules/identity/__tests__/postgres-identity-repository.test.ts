import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeIdentityRepositoryContract } from './identity-repository-contract';

/** The PostgreSQL implementation against the IdentityRepository suite. */
describeIdentityRepositoryContract('PostgreSQL', postgresImplementation());
