import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeContentRepositoryContract } from './content-repository-contract';

/** The embedded SQLite implementation against the ContentRepository suite. */
describeContentRepositoryContract('SQLite', sqliteImplementation());
