import Database from 'better-sqlite3';
import { MIGRATIONS } from '../../../schema-versions';
import { migrate } from '../../../platform/db/migrations';
import { AT, FLOW_STATUS_BIT, flowStatements, type FlowStatusValues } from '../sqlite/flow-statements';
import { SqliteFlowRepository } from '../sqlite/sqlite-flow-repository';

/**
 * The flow status statements answer raw rows (arrays, in the SELECT's order) whose columns AT
 * places, and whose yes/no inputs are the bits of one column: each place must be its column's and
 * each bit its input's, or a flag (or a session's device, or its last-seen time) would read
 * another's. (The repository contract reads the session as findSession does.)
 */
describe('the flow status row', () => {
  const NOW = 1_800_000_000_000;
  let db: Database.Database;
  let made = 0;
  beforeEach(() => {
    db = new Database(':memory:');
    migrate(db, MIGRATIONS, 0);
  });
  afterEach(() => db.close());

  /** A user with a session, made in SQL. */
  const visitor = (accountId: string | null = null) => {
    made += 1;
    const uid = `uid-${made}`;
    const tokenHash = `${uid}-`.padEnd(64, 'f');
    db.prepare('INSERT INTO users (uid, device_id, created_at) VALUES (?, ?, ?)').run(uid, `device-${made}`, NOW);
    db.prepare('INSERT INTO sessions (token_hash, uid, device_id, created_at, last_seen_at, account_id, login_method) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      tokenHash, uid, `device-${made}`, NOW - 2, NOW - 1, accountId, accountId === null ? null : 'password',
    );
    return { uid, tokenHash };
  };

  it('names every column as the statements do, in their order', () => {
    const statements = flowStatements(db);
    const flow = statements.flowStatus.columns().map((c) => c.name);
    const bySession = statements.flowStatusBySession.columns().map((c) => c.name);
    expect(bySession.slice(0, flow.length)).toEqual(flow);
    expect(Object.keys(AT).sort()).toEqual([...bySession].sort());
    for (const [i, name] of bySession.entries()) expect([name, AT[name as keyof FlowStatusValues]]).toEqual([name, i]);
  });

  it('sets each input\'s own bit, and only it, and reads it as the state and context statements do', async () => {
    const statements = flowStatements(db);
    const repo = new SqliteFlowRepository(db);
    const bits = Object.values(FLOW_STATUS_BIT);
    expect(new Set(bits).size).toBe(bits.length);
    db.prepare("INSERT INTO mnp_operators (code, name) VALUES ('other', 'Other')").run();
    const setUp: Record<keyof typeof FLOW_STATUS_BIT, () => { uid: string; tokenHash: string; accountId: string | null }> = {
      number_flag: () => ({ ...flag('number_flag'), accountId: null }),
      plan_flag: () => ({ ...flag('plan_flag'), accountId: null }),
      product_saved: () => ({ ...flag('product_saved'), accountId: null }),
      id_verified: () => ({ ...flag('id_verified'), accountId: null }),
      resident_done: () => ({ ...flag('resident_done'), accountId: null }),
      plan_paid: () => ({ ...flag('plan_paid'), accountId: null }),
      has_delivery_form: () => ({ ...flag('has_delivery_form'), accountId: null }),
      retail: () => ({ ...flag('retail'), accountId: null }),
      hold_is_transfer: () => {
        const v = visitor();
        db.prepare(
          `INSERT INTO numbers (msisdn, vanity_level, holder, reservation_id, reserved_at, held_until, transfer_msisdn, transfer_operator)
           VALUES ('971500000001', 1, ?, 1, ?, ?, '971520000001', 'other')`,
        ).run(v.uid, NOW - 10, NOW + 60_000);
        return { ...v, accountId: null };
      },
      account_has_password: () => {
        db.prepare("INSERT INTO accounts (id, email, password_hash, created_at) VALUES ('acc-1', 'a@example.ae', 'scrypt$x', ?)").run(NOW);
        return { ...visitor('acc-1'), accountId: 'acc-1' };
      },
    };
    function flag(column: string) {
      const v = visitor();
      db.prepare(`UPDATE users SET ${column} = 1 WHERE uid = ?`).run(v.uid);
      return v;
    }
    for (const [name, make] of Object.entries(setUp)) {
      const { uid, tokenHash, accountId } = make();
      const raw = statements.flowStatusBySession.get(NOW, tokenHash);
      if (!raw) throw new Error(`no row for ${name}`);
      expect([name, raw[AT.bits]]).toEqual([name, FLOW_STATUS_BIT[name as keyof typeof FLOW_STATUS_BIT]]);
      expect(statements.flowStatus.get(NOW, accountId, uid)).toEqual(raw.slice(0, statements.flowStatus.columns().length));
      // Read as the state and the context statements (object rows, their own SQL) read them.
      const session = await repo.getFlowStatusBySession(tokenHash, NOW);
      expect(session?.flow.state).toEqual(await repo.getFlowState(uid, NOW));
      expect(session?.flow.context).toEqual(await repo.getFlowContext(uid));
      expect(session?.flow.account).toEqual(accountId === null ? null : { id: accountId, hasPassword: true });
    }
  });
});
