import type { Database } from 'better-sqlite3';
import type { Operator } from '@join/shared/contract';

/** SQL for the transfer (MNP) sandbox tables: operators and other operators' subscribers. */
interface SubscriberRow {
  msisdn: string;
  operator_code: string;
  status: 'active' | 'in_transfer' | 'not_activated';
}

export function transferStatements(db: Database) {
  return {
    operators: db.prepare<[], Operator>('SELECT code, name FROM mnp_operators ORDER BY code'),
    subscriber: db.prepare<[string], SubscriberRow>('SELECT msisdn, operator_code, status FROM external_subscribers WHERE msisdn = ?'),
  };
}
