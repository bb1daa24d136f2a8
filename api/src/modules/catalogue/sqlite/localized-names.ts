import type { Database, Statement } from 'better-sqlite3';
import type { NameKind, NameLanguage } from '../repository';

interface NameRow {
  kind: NameKind;
  id: string;
  name: string;
}

/** A name in the asked language, or the given English one when the table has none. */
export type NameOf = (kind: NameKind, id: string | number, english: string) => string;

const english: NameOf = (_kind, _id, name) => name;

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
    if (language === 'en') return english;
    const names = new Map(this.ofLanguage.all(language).map((r) => [`${r.kind}:${r.id}`, r.name]));
    return (kind, id, name) => names.get(`${kind}:${id}`) ?? name;
  }
}
