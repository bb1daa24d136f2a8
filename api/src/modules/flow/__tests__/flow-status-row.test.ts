import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../schema-versions';
import { migrate } from '../../../platform/db/migrations';
import { flowStatements, flowStatusRow } from '../sqlite/flow-statements';

/**
 * The flow status statement answers raw rows (arrays, in the SELECT's order) that flowStatusRow
 * names in JS: each name must be the column's at its place, or a flag would read another's.
 */
describe('the flow status row, named from the raw columns', () => {
  it('names every column as the statement does, in its order', () => {
    const db = new Database(':memory:');
    try {
      migrate(db, MIGRATIONS, 0);
      const columns = flowStatements(db).flowStatus.columns().map((c) => c.name);
      const row = flowStatusRow(columns.map((_, i) => i) as unknown as Parameters<typeof flowStatusRow>[0]);
      expect(Object.keys(row)).toEqual(columns);
      expect(columns.map((name) => (row as unknown as Record<string, number>)[name])).toEqual(columns.map((_, i) => i));
    } finally {
      db.close();
    }
  });
});
