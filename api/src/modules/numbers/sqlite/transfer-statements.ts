import type { Database } from 'better-sqlite3';
import type { Operator } from '@join/shared/contract';

/** SQL for the transfer (MNP) reference table: the operators a number can come from. */
export function transferStatements(db: Database) {
  return {
    operators: db.prepare<[], Operator>('SELECT code, name FROM mnp_operators ORDER BY code'),
  };
}
