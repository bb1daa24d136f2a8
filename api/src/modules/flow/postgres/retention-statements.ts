/**
 * SQL of the retention schedule for whole visitors (flow/retention.ts), the SQLite statements'
 * conditions on PostgreSQL. A visitor is deleted as one row of users: its sessions, saved plan,
 * preferences, feedback, identity checks and decisions, payments and order go with it (ON DELETE
 * CASCADE). A visitor still there (a session, a number held: numbers.holder has no cascade)
 * waits for a later run. Every column these read is NOT NULL where NOT IN would differ from NOT
 * EXISTS, so NOT EXISTS (which PostgreSQL plans as an anti-join) says the same.
 *
 * `u` is the visitor's row of users; `$1` the cutoff.
 */
const STILL_THERE = `(EXISTS (SELECT 1 FROM sessions s WHERE s.uid = u.uid) OR EXISTS (SELECT 1 FROM numbers n WHERE n.holder = u.uid))`;

/** A sale older than the cutoff: the order's time, or the capture's for a paid SIM never ordered. */
const SALE = `u.uid IN (
         SELECT o.uid FROM orders o WHERE o.created_at < $1
         UNION
         SELECT p.uid FROM payments p WHERE p.status = 'captured' AND p.captured_at < $1 AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.uid = p.uid)
       ) AND NOT ${STILL_THERE}`;

/** Bought nothing, and nothing recorded since the cutoff. */
const UNSOLD = `u.created_at < $1
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.uid = u.uid)
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.uid = u.uid AND p.status = 'captured')
       AND NOT EXISTS (SELECT 1 FROM identity_decisions d WHERE d.uid = u.uid AND d.decided_at >= $1)
       AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.uid = u.uid AND p.created_at >= $1)
       AND NOT ${STILL_THERE}`;

export const RETENTION_SQL = {
  /** The visitors a condition names today ($1 the cutoff), in uid order. */
  sales: `SELECT u.uid FROM users u WHERE ${SALE} ORDER BY u.uid`,
  unsold: `SELECT u.uid FROM users u WHERE ${UNSOLD} ORDER BY u.uid`,
  /**
   * Locks: the candidates' payments (FOR SHARE: a capture, which changes a payment's status
   * without touching users, waits for the sweep, or the sweep for it), then their users' rows
   * (FOR UPDATE: a new session, hold, order, payment or identity decision of theirs checks its
   * foreign key with FOR KEY SHARE on that row, so it waits for the sweep, or the sweep for it).
   * The same order as a step of the visitor's own (a payment's row, then a row referring to the
   * user), so the two do not deadlock. $1 the candidates.
   */
  lockPayments: 'SELECT 1 FROM payments WHERE uid = ANY($1::text[]) ORDER BY id FOR SHARE',
  lockUsers: 'SELECT uid FROM users WHERE uid = ANY($1::text[]) ORDER BY uid FOR UPDATE',
  /** Deletes those of the candidates ($2) the condition still names ($1 the cutoff), now that nothing of theirs can change. */
  deleteSales: `DELETE FROM users u WHERE u.uid = ANY($2::text[]) AND ${SALE}`,
  deleteUnsold: `DELETE FROM users u WHERE u.uid = ANY($2::text[]) AND ${UNSOLD}`,
} as const;
