import { OPS_MAX_RANGE_DAYS } from '@join/shared/measurement-contract';

/**
 * The retention schedule: how long the operator keeps what a visitor leaves, and
 * why. The schedule as a whole, with the data the existing housekeeping already bounds
 * (sessions, codes, login failures, pending identity checks, the hold ledger), is written in
 * api/README.md "Data at rest and retention"; the sweep (app.ts) applies it through
 * Repositories.applyRetention, at most once an hour.
 *
 * Principles: UAE Federal Decree-Law 45/2021 (personal data protection) asks that personal
 * data be kept no longer than its purpose needs; the telecom regulator (TDRA) asks an operator
 * to keep the identity record of each subscriber it registered a SIM to; tax law asks for
 * five years of the records of each sale (Federal Decree-Law 8/2017 on VAT). A sale is kept as
 * one record; anything that sold nothing goes as soon as it has served.
 */
const DAY = 24 * 3600_000;

export interface RetentionRules {
  /**
   * A sale (an order, or a captured payment never ordered): the visitor's record with the order,
   * its payments and the identity decisions it was sold on, five years from the order (the
   * capture): the VAT records' period, and the subscriber identity record the regulator
   * requires for as long. Five years may hold two leap days: 1827 days.
   */
  saleMs: number;
  /**
   * A visitor who bought nothing: the device's flow state, its identity decisions (refused, or
   * verified and never paid for) and payment attempts, 90 days from its last recorded step
   * (first visit, decision, payment attempt): time to answer a complaint or notice repeated
   * refusals; no SIM was registered, so there is no subscriber record to keep.
   */
  unsoldVisitorMs: number;
  /**
   * A payment attempt that took no money (declined, abandoned) of a visitor who did buy: 180
   * days, past the card networks' usual dispute window (120 days) with room to answer one.
   */
  uncapturedPaymentMs: number;
  /** A note from the help modal (50 characters, the route it was sent from): a year, to read them by season. */
  feedbackMs: number;
  /**
   * The retail audit (who enrolled a device, signed in, started or wiped a customer session,
   * took a payment): 400 days, a year of disputes and chargebacks about a shop sale with a margin.
   */
  retailAuditMs: number;
  /**
   * The collector's records (steps reached per visitor-day, vital samples, pop-up counts: no one's
   * identity): the longest range the operations page asks for, OPS_MAX_RANGE_DAYS (90 days). A
   * day's records go once the whole day is older than that.
   */
  measurementMs: number;
}

export const RETENTION: RetentionRules = {
  saleMs: 1827 * DAY,
  unsoldVisitorMs: 90 * DAY,
  uncapturedPaymentMs: 180 * DAY,
  feedbackMs: 365 * DAY,
  retailAuditMs: 400 * DAY,
  measurementMs: OPS_MAX_RANGE_DAYS * DAY,
};

/** Each period as the moment before which its records go. */
export interface RetentionCutoffs {
  saleBefore: number;
  unsoldVisitorBefore: number;
  uncapturedPaymentBefore: number;
  feedbackBefore: number;
  retailAuditBefore: number;
  measurementBefore: number;
  /** When the sweep runs (the retail repository drops dead pairing codes and credentials by it). */
  now: number;
}

export function retentionCutoffs(now: number, rules: RetentionRules = RETENTION): RetentionCutoffs {
  return {
    saleBefore: now - rules.saleMs,
    unsoldVisitorBefore: now - rules.unsoldVisitorMs,
    uncapturedPaymentBefore: now - rules.uncapturedPaymentMs,
    feedbackBefore: now - rules.feedbackMs,
    retailAuditBefore: now - rules.retailAuditMs,
    measurementBefore: now - rules.measurementMs,
    now,
  };
}

/** What one run deleted: visitors (with everything of theirs), payment attempts, notes. */
export interface RetentionReport {
  sales: number;
  unsoldVisitors: number;
  uncapturedPayments: number;
  feedback: number;
  retailAudit: number;
  /** Rows of the collector's tables (whole days). */
  measurements: number;
}

/** The sweep applies the schedule at most this often: its periods are days and years. */
export const RETENTION_SWEEP_MS = 3600_000;
