import { randomBytes } from 'node:crypto';
import { IdempotencyKeys } from '../idempotency-keys';

/**
 * The courier sandbox's jobs, in memory, moving on the courier's own clock: one step every
 * `stepMs` from the job's creation, computed from the time whenever a job is read (no timers: a
 * stopped process has nothing pending, and a test's clock drives it exactly).
 *
 *   delivery: received -> preparing -> out_for_delivery -> delivered
 *   pickup:   received -> preparing -> ready_for_pickup --(the store desk hands it over)--> collected
 *   a delivery whose address carries FAIL_MARKER: received -> preparing -> out_for_delivery -> failed
 *
 * Every method is synchronous: Node runs one at a time, so two requests with the same
 * idempotency key can never both create (the second finds the first's record).
 */
export type JobStatus = 'received' | 'preparing' | 'out_for_delivery' | 'delivered' | 'ready_for_pickup' | 'collected' | 'failed';
export type JobKind = 'delivery' | 'pickup';

export interface Dropoff {
  lat: number;
  lng: number;
  address: string;
  address_2: string;
  instructions: string;
  phone: string;
}

/**
 * Who may receive the SIM: the name and the masked number of the document the
 * operator verified. The desk (or the courier at the door) checks the presented document against
 * them before handing over. null: the operator sent none (the desk must not hand over).
 */
export interface Recipient {
  name: string;
  document_kind: 'passport' | 'emirates_id';
  document_number_masked: string;
}

export interface JobInput {
  kind: JobKind;
  reference: string;
  dropoff: Dropoff | null;
  store: string | null;
  /** Fils the courier (or the store desk) collects in cash. */
  cash_on_delivery: number;
  recipient: Recipient | null;
}

export interface Job extends JobInput {
  id: string;
  createdAt: number;
  /** When the store desk handed a pickup over; null before. */
  collectedAt: number | null;
  /** The delivery's address carries FAIL_MARKER: it fails on the doorstep. */
  failsAtDoor: boolean;
}

export interface JobView {
  status: JobStatus;
  history: { status: JobStatus; at: number }[];
  /** While out for delivery: when it will be delivered. */
  eta: number | null;
  failureReason: 'recipient_unreachable' | null;
}

/**
 * Markers a tester types into the delivery address (address, line 2 or instructions; any case)
 * to see the product survive a courier's failure. Documented in sandboxes/README.md.
 */
export const FAIL_MARKER = 'courier-fail';
export const REJECT_MARKER = 'courier-reject';
export const UNAVAILABLE_MARKER = 'courier-unavailable';

/** One step of the courier's clock by default: slow enough that a visitor sees it move. */
export const DEFAULT_COURIER_STEP_MS = 20_000;
/** Idempotency keys and jobs are forgotten after a day, so a long-running sandbox does not grow without end. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;

const DELIVERY_STEPS: readonly JobStatus[] = ['received', 'preparing', 'out_for_delivery', 'delivered'];
const FAILING_STEPS: readonly JobStatus[] = ['received', 'preparing', 'out_for_delivery', 'failed'];
const PICKUP_STEPS: readonly JobStatus[] = ['received', 'preparing', 'ready_for_pickup'];

export function hasMarker(input: Pick<JobInput, 'reference' | 'dropoff'>, marker: string): boolean {
  const texts = [input.reference, input.dropoff?.address, input.dropoff?.address_2, input.dropoff?.instructions];
  return texts.some((t) => t !== undefined && t.toLowerCase().includes(marker));
}

export type StepOutcome = { kind: 'stepped'; job: Job } | { kind: 'not_found' } | { kind: 'at_last_step'; job: Job };

export type CreateOutcome = { kind: 'created' | 'replayed'; job: Job } | { kind: 'key_reused' };
export type CollectOutcome =
  | { kind: 'collected' | 'replayed'; job: Job }
  | { kind: 'not_found' }
  | { kind: 'not_ready'; job: Job }
  | { kind: 'no_recipient'; job: Job };

export class JobBoard {
  private readonly jobs = new Map<string, Job>();
  private readonly keys: IdempotencyKeys;

  constructor(
    readonly stepMs: number,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(stepMs) || stepMs < 1) throw new RangeError('stepMs must be a positive whole number of milliseconds');
    this.keys = new IdempotencyKeys(now, RETENTION_MS);
  }

  create(key: string, input: JobInput): CreateOutcome {
    this.prune();
    const known = this.keys.recall(key, input, (id) => this.jobs.get(id));
    if (known === 'reused') return { kind: 'key_reused' };
    if (known) return { kind: 'replayed', job: known };
    const t = this.now();
    const job: Job = {
      ...input,
      dropoff: input.dropoff ? { ...input.dropoff } : null,
      recipient: input.recipient ? { ...input.recipient } : null,
      id: `job_${randomBytes(12).toString('hex')}`,
      createdAt: t,
      collectedAt: null,
      failsAtDoor: input.kind === 'delivery' && hasMarker(input, FAIL_MARKER),
    };
    this.jobs.set(job.id, job);
    this.keys.remember(key, input, job.id, t);
    return { kind: 'created', job };
  }

  get(id: string): Job | undefined {
    return this.jobs.get(id);
  }

  /** Newest first, for the status page. */
  list(): Job[] {
    return [...this.jobs.values()].sort((a, b) => b.createdAt - a.createdAt);
  }

  /** The job as the clock has moved it. */
  view(job: Job): JobView {
    const steps = job.kind === 'pickup' ? PICKUP_STEPS : job.failsAtDoor ? FAILING_STEPS : DELIVERY_STEPS;
    const elapsed = Math.max(0, this.now() - job.createdAt);
    const reached = Math.min(steps.length - 1, Math.floor(elapsed / this.stepMs));
    const history: JobView['history'] = steps.slice(0, reached + 1).map((status, i) => ({ status, at: job.createdAt + i * this.stepMs }));
    if (job.collectedAt !== null) history.push({ status: 'collected', at: job.collectedAt });
    const status = history[history.length - 1]?.status ?? 'received';
    const eta = status === 'out_for_delivery' ? job.createdAt + (reached + 1) * this.stepMs : null;
    return { status, history, eta, failureReason: status === 'failed' ? 'recipient_unreachable' : null };
  }

  /**
   * The store desk hands a pickup over: only once it is ready, and only to a verified recipient
   * (the caller has checked the presented document against it); twice is the same hand-over.
   */
  collect(id: string): CollectOutcome {
    const job = this.jobs.get(id);
    if (!job) return { kind: 'not_found' };
    if (job.collectedAt !== null) return { kind: 'replayed', job };
    if (job.kind !== 'pickup' || this.view(job).status !== 'ready_for_pickup') return { kind: 'not_ready', job };
    // Nobody verified to hand it to: the desk cannot check a document against nothing.
    if (job.recipient === null) return { kind: 'no_recipient', job };
    job.collectedAt = this.now();
    return { kind: 'collected', job };
  }

  /**
   * A test's clock for one job (the sandbox's test hooks only): the job moves on to its next
   * status now, as if it had been booked one step earlier. Only this job moves, so tests running
   * side by side never move each other's orders; a pickup stops at ready_for_pickup (the desk
   * hands it over) and a delivery at delivered or failed. By reference (the operator's order
   * number), the newest job with it.
   */
  step(reference: string): StepOutcome {
    const job = this.list().find((j) => j.reference === reference);
    if (!job) return { kind: 'not_found' };
    const view = this.view(job);
    const steps = job.kind === 'pickup' ? PICKUP_STEPS : job.failsAtDoor ? FAILING_STEPS : DELIVERY_STEPS;
    if (job.collectedAt !== null || view.status === steps[steps.length - 1]) return { kind: 'at_last_step', job };
    // Back to the start of the status it is in, then one whole step earlier: exactly the next status, now.
    const intoStep = (this.now() - job.createdAt) % this.stepMs;
    job.createdAt -= this.stepMs - intoStep;
    return { kind: 'stepped', job };
  }

  private prune(): void {
    const before = this.now() - RETENTION_MS;
    this.keys.prune();
    for (const [id, job] of this.jobs) if (job.createdAt < before) this.jobs.delete(id);
  }
}
