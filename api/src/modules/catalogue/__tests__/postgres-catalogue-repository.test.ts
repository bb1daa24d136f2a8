import { postgresImplementation } from '../../../testing/postgres-repositories';
import { describeCatalogueRepositoryContract } from './catalogue-repository-contract';

/** The PostgreSQL implementation against the CatalogueRepository suite. */
describeCatalogueRepositoryContract('PostgreSQL', postgresImplementation());
