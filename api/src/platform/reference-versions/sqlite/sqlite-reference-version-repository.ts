import type { Database, Statement } from 'better-sqlite3';
import type { ReferenceVersionRepository, ReferenceVersions } from '../repository';

/** The embedded SQLite implementation of ReferenceVersionRepository: one row, moved by triggers. */
export class SqliteReferenceVersionRepository implements ReferenceVersionRepository {
  private readonly versions: Statement<[], ReferenceVersions>;

  constructor(db: Database) {
    this.versions = db.prepare('SELECT translations, business_config AS businessConfig, catalogue FROM reference_versions WHERE id = 1');
  }

  async referenceVersions(): Promise<ReferenceVersions> {
    const row = this.versions.get();
    if (!row) throw new Error('reference_versions has no row');
    return row;
  }
}
