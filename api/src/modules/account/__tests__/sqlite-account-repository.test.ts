import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeAccountRepositoryContract } from './account-repository-contract';

/** The embedded SQLite implementation against the AccountRepository suite. */
describeAccountRepositoryContract('SQLite', sqliteImplementation());
