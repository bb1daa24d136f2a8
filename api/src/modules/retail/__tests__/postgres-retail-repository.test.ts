import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeRetailRepositoryContract } from './retail-repository-contract';

/** The PostgreSQL implementation against the RetailRepository suite. */
describeRetailRepositoryContract('PostgreSQL', postgresImplementation());
