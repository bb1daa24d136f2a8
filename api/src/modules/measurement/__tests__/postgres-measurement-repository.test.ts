import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeMeasurementRepositoryContract } from './measurement-repository-contract';

/** The PostgreSQL implementation against the MeasurementRepository suite. */
describeMeasurementRepositoryContract('PostgreSQL', postgresImplementation());
