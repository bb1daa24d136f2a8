import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeFulfilmentRepositoryContract } from './fulfilment-repository-contract';

/** The PostgreSQL implementation against the FulfilmentRepository suite. */
describeFulfilmentRepositoryContract('PostgreSQL', postgresImplementation());
