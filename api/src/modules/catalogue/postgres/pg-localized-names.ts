import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import { ENGLISH_NAMES, namesOf, type NameOf, type NameRow } from '../catalogue-rows';
import type { NameLanguage } from '../repository';

/**
 * Names in other languages (table localized_names), as sqlite/localized-names.ts reads them:
 * English is the catalogue's own name columns, so English reads nothing; another language is one
 * small read per call (a few dozen rows), so an operator's edit shows at once.
 */
export class PgLocalizedNames {
  constructor(private readonly db: PgDatabase) {}

  async in(language: NameLanguage): Promise<NameOf> {
    if (language === 'en') return ENGLISH_NAMES;
    return namesOf(await this.db.many<NameRow>('SELECT kind, id, name FROM localized_names WHERE language = $1', [language]));
  }
}
