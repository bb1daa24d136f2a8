import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeFlowRepositoryContract } from './flow-repository-contract';

/** The embedded SQLite implementation against the FlowRepository suite. */
describeFlowRepositoryContract('SQLite', sqliteImplementation());
