import type { Database } from 'better-sqlite3';
import type { PreferenceRow } from '../catalogue-rows';

/** SQL for a visitor's current product and preferences (columns and rows of the catalogue module). */
export function choiceStatements(db: Database) {
  return {
    currentProduct: db.prepare<[string], { current_product_code: number | null }>(
      'SELECT current_product_code FROM users WHERE uid = ?',
    ),
    // product_saved only ever turns on: saving a plan moves the product without un-saving it.
    setCurrentProduct: db.prepare<[{ uid: string; code: number; saved: number }]>(
      'UPDATE users SET current_product_code = @code, product_saved = MAX(product_saved, @saved) WHERE uid = @uid',
    ),
    // A cancelled number moves a multi-month product back to the default (SPEC 4); 1-month products stay.
    resetLongProduct: db.prepare<[{ uid: string; code: number; months: number }]>(
      `UPDATE users SET current_product_code = @code
       WHERE uid = @uid AND current_product_code IN (SELECT code FROM products WHERE commitment_duration <> @months)`,
    ),
    preferencesOf: db.prepare<[string], PreferenceRow>(
      'SELECT preference_id, value FROM preferences WHERE uid = ? ORDER BY preference_id',
    ),
    setPreference: db.prepare<[{ uid: string; id: number; value: number }]>(
      `INSERT INTO preferences (uid, preference_id, value) VALUES (@uid, @id, @value)
       ON CONFLICT (uid, preference_id) DO UPDATE SET value = excluded.value`,
    ),
  };
}
