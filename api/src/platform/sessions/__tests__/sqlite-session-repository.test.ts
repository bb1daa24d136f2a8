import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeSessionRepositoryContract } from './session-repository-contract';

/** The embedded SQLite implementation against the SessionRepository suite. */
describeSessionRepositoryContract('SQLite', sqliteImplementation());
