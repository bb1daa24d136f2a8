import type { Database, Statement } from 'better-sqlite3';
import { ENGLISH_NAMES, namesOf, type NameOf, type NameRow } from '../catalogue-rows';
import type { NameLanguage } from '../repository';

/**
 * Names in other languages (table localized_names, migration 5). English is the catalogue's
 * own name columns, so English reads nothing here. One small read per call (the whole
 * language: a few dozen rows), so an operator's edit shows at once.
 */
export class LocalizedNames {
  private readonly ofLanguage: Statement<[string], NameRow>;

  constructor(db: Database) {
    this.ofLanguage = db.prepare('SELECT kind, id, name FROM localized_names WHERE language = ?');
  }

  in(language: NameLanguage): NameOf {
    if (language === 'en') return ENGLISH_NAMES;
    return namesOf(this.ofLanguage.all(language));
  }
}
