import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeIdentityRepositoryContract } from './identity-repository-contract';

/** The embedded SQLite implementation against the IdentityRepository suite. */
describeIdentityRepositoryContract('SQLite', sqliteImplementation());
