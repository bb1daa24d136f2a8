import type { PgDatabase } from '../../../platform/db/postgres/pg-database';
import type { NameKind, NameLanguage } from '../repository';
import type { NameOf } from '../sqlite/localized-names';

const english: NameOf = (_kind, _id, name) => name;

/**
 * Names in other languages (table localized_names), as sqlite/localized-names.ts reads them:
 * English is the catalogue's own name columns, so English reads nothing; another language is one
 * small read per call (a few dozen rows), so an operator's edit shows at once.
 */
export class PgLocalizedNames {
  constructor(private readonly db: PgDatabase) {}

  async in(language: NameLanguage): Promise<NameOf> {
    if (language === 'en') return english;
    const rows = await this.db.many<{ kind: NameKind; id: string; name: string }>('SELECT kind, id, name FROM localized_names WHERE language = $1', [language]);
    const names = new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name]));
    return (kind, id, name) => names.get(`${kind}:${id}`) ?? name;
  }
}
