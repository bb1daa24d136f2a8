import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeMeasurementRepositoryContract } from './measurement-repository-contract';

/** The embedded SQLite implementation against the MeasurementRepository suite. */
describeMeasurementRepositoryContract('SQLite', sqliteImplementation());
