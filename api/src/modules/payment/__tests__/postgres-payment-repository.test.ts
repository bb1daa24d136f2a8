import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describePaymentRepositoryContract } from './payment-repository-contract';

/** The PostgreSQL implementation against the PaymentRepository suite (with its races across connections). */
describePaymentRepositoryContract('PostgreSQL', postgresImplementation());
