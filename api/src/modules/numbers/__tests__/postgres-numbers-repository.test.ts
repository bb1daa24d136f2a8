import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeNumbersRepositoryContract } from './numbers-repository-contract';

/** The PostgreSQL implementation against the NumbersRepository suite (a private cluster: testing/postgres-test-cluster.ts). */
describeNumbersRepositoryContract('PostgreSQL', postgresImplementation());
