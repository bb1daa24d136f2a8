import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeConsentRepositoryContract } from './consent-repository-contract';

/** The PostgreSQL implementation against the ConsentRepository suite. */
describeConsentRepositoryContract('PostgreSQL', postgresImplementation());
