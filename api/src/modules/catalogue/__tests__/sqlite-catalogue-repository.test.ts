import { sqliteImplementation } from '../../../testing/sqlite-repositories';
import { describeCatalogueRepositoryContract } from './catalogue-repository-contract';

/** The embedded SQLite implementation against the CatalogueRepository suite. */
describeCatalogueRepositoryContract('SQLite', sqliteImplementation());
