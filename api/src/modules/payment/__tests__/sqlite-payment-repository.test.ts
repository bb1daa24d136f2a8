import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describePaymentRepositoryContract } from './payment-repository-contract';

/** The embedded SQLite implementation against the PaymentRepository suite. */
describePaymentRepositoryContract('SQLite', sqliteImplementation());
