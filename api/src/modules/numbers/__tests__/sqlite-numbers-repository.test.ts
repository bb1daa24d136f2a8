import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeNumbersRepositoryContract } from './numbers-repository-contract';

/** The embedded SQLite implementation against the NumbersRepository suite. */
describeNumbersRepositoryContract('SQLite', sqliteImplementation());
