import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../schema-versions';
import { migrate } from '../../../platform/db/migrations';
import { flowStatements, flowStatusRow, sessionOfFlowStatusRow } from '../sqlite/flow-statements';

/**
 * The flow status statements answer raw rows (arrays, in the SELECT's order) that flowStatusRow
 * and sessionOfFlowStatusRow name in JS: each name must be the column's at its place, or a flag
 * (or a session's device, or its last-seen time) would read another's.
 */
describe('the flow status row, named from the raw columns', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, MIGRATIONS, 0);
  });
  afterEach(() => db.close());

  it('names every column as the statement does, in its order', () => {
    const columns = flowStatements(db).flowStatus.columns().map((c) => c.name);
    const row = flowStatusRow(columns.map((_, i) => i) as unknown as Parameters<typeof flowStatusRow>[0]);
    expect(Object.keys(row)).toEqual(columns);
    expect(columns.map((name) => (row as unknown as Record<string, number>)[name])).toEqual(columns.map((_, i) => i));
  });

  it('reads the flow status by session as the flow status statement, then the session\'s columns', () => {
    const flow = flowStatements(db).flowStatus.columns().map((c) => c.name);
    const columns = flowStatements(db).flowStatusBySession.columns().map((c) => c.name);
    expect(columns.slice(0, flow.length)).toEqual(flow);
    const raw = columns.map((_, i) => i) as unknown as Parameters<typeof sessionOfFlowStatusRow>[0];
    const row = flowStatusRow(raw);
    expect(Object.keys(row)).toEqual(flow);
    const session = sessionOfFlowStatusRow(raw);
    const sessionColumn = { uid: 'session_uid', deviceId: 'session_device_id', createdAt: 'session_created_at', lastSeenAt: 'session_last_seen_at', accountId: 'session_account_id', loginMethod: 'session_login_method' };
    expect(Object.keys(session).sort()).toEqual(Object.keys(sessionColumn).sort());
    for (const [field, column] of Object.entries(sessionColumn)) expect(columns[(session as unknown as Record<string, number>)[field] as number]).toBe(column);
    expect(columns).toHaveLength(flow.length + Object.keys(sessionColumn).length);
  });
});
