import type { HoldPolicy } from '../../modules/numbers/repository';

/**
 * What the store race's workers are told and answer. Each worker holds its own connection to
 * the same database (opened by the implementation's connect module), so the race is decided
 * by the database, not by one process's event loop.
 */
export interface RaceWorkerData {
  /** A module exporting `connectRepositories(location): Promise<Repositories>`: a new connection. */
  connectModule: string;
  location: string;
}

export interface RaceRound {
  uid: string;
  /** The pool number to reserve (number race), the external number to transfer, or the paying user (payment race). */
  target: string;
}

export interface RaceJob {
  /**
   * payment: every worker starts a payment of the round's user (target) under its own key;
   * order: every worker places an order of its own for the round's user (target).
   */
  kind: 'number' | 'transfer' | 'payment' | 'order';
  /** One Int32 counter per round: workers start each round together. */
  barrier: SharedArrayBuffer;
  workers: number;
  rounds: RaceRound[];
  now: number;
  heldUntil: number;
  policy: HoldPolicy;
  operatorCode: string;
}

export type RaceAnswer = { kind: 'ready' } | { kind: 'results'; results: string[] } | { kind: 'failed'; message: string };
