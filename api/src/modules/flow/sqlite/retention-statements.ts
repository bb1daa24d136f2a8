import type { Database } from 'better-sqlite3';

/**
 * SQL of the retention schedule for whole visitors (flow/retention.ts; indexes of migration 15). A visitor is
 * deleted as one row of users: its sessions, saved plan, preferences, feedback, identity checks
 * and decisions, payments and order go with it (ON DELETE CASCADE). A visitor still there (a
 * session, a number held: numbers.holder has no cascade) waits for a later run.
 */
export function visitorRetentionStatements(db: Database) {
  const stillThere = `uid NOT IN (SELECT uid FROM sessions) AND uid NOT IN (SELECT holder FROM numbers WHERE holder IS NOT NULL)`;
  return {
    // A sale: the order's time, or the capture's for a paid SIM never ordered.
    deleteSales: db.prepare<[{ before: number }]>(
      `DELETE FROM users WHERE uid IN (
         SELECT uid FROM orders WHERE created_at < @before
         UNION
         SELECT uid FROM payments WHERE status = 'captured' AND captured_at < @before AND uid NOT IN (SELECT uid FROM orders)
       ) AND ${stillThere}`,
    ),
    // Bought nothing, and nothing recorded since the cutoff.
    deleteUnsoldVisitors: db.prepare<[{ before: number }]>(
      `DELETE FROM users WHERE uid IN (
         SELECT u.uid FROM users u
         WHERE u.created_at < @before
           AND u.uid NOT IN (SELECT uid FROM orders)
           AND u.uid NOT IN (SELECT uid FROM payments WHERE status = 'captured')
           AND NOT EXISTS (SELECT 1 FROM identity_decisions d WHERE d.uid = u.uid AND d.decided_at >= @before)
           AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.uid = u.uid AND p.created_at >= @before)
       ) AND ${stillThere}`,
    ),
  };
}
