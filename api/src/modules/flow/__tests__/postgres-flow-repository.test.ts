import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeFlowRepositoryContract } from './flow-repository-contract';

/** The PostgreSQL implementation against the FlowRepository suite. */
describeFlowRepositoryContract('PostgreSQL', postgresImplementation());
