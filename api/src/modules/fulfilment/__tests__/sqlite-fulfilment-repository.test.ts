import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeFulfilmentRepositoryContract } from './fulfilment-repository-contract';

/** The embedded SQLite implementation against the FulfilmentRepository suite. */
describeFulfilmentRepositoryContract('SQLite', sqliteImplementation());
