import type { PgDatabase } from '../../db/postgres/pg-database';
import type { ReferenceVersionRepository, ReferenceVersions } from '../repository';

/** The PostgreSQL implementation of ReferenceVersionRepository: one row, moved by triggers. */
export class PgReferenceVersionRepository implements ReferenceVersionRepository {
  constructor(private readonly db: PgDatabase) {}

  async referenceVersions(): Promise<ReferenceVersions> {
    const row = await this.db.maybe<ReferenceVersions>(
      'SELECT translations, business_config AS "businessConfig", catalogue FROM reference_versions WHERE id = 1',
    );
    if (!row) throw new Error('reference_versions has no row');
    return row;
  }
}
