import type { CourierFailure, CourierJob, CourierJobRequest, CourierProvider, CourierStatus } from '../modules/fulfilment/providers';
import type { ProviderResult } from '../platform/provider-result';
import { FakeLedger } from './fake-ledger';

/**
 * An in-memory CourierProvider for the API's tests: a job's status moves only when the test
 * says (`advance(jobId, status)`, stamped with the test's clock), and it is honest about
 * idempotency as a real courier is (the same key answers the same job, never a second booking).
 * `unavailable = true` makes every call answer unavailable; `rejectNext = true` refuses the next
 * booking. Not a test itself, and never used by the server.
 */
export class FakeCourierProvider implements CourierProvider {
  private readonly ledger = new FakeLedger<CourierJob & { request: CourierJobRequest }>('job');
  /** Every job booked (one per idempotency key), in order, with the request that booked it. */
  readonly jobs = this.ledger.all;
  createCalls = 0;
  getJobCalls = 0;
  unavailable = false;
  rejectNext = false;
  /** How long a courier takes once out for delivery (the eta it answers). */
  etaMs = 30 * 60_000;

  constructor(private readonly now: () => number = Date.now) {}

  async createJob(request: CourierJobRequest): Promise<ProviderResult<CourierJob, CourierFailure>> {
    this.createCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const existing = this.ledger.madeWith(request.idempotencyKey);
    if (existing) return { ok: true, value: this.view(existing) };
    if (this.rejectNext) {
      this.rejectNext = false;
      return { ok: false, reason: 'rejected' };
    }
    const job = { id: this.ledger.next().id, status: 'received' as CourierStatus, history: [{ status: 'received' as CourierStatus, at: this.iso() }], eta: null, request };
    return { ok: true, value: this.view(this.ledger.add(request.idempotencyKey, job)) };
  }

  async getJob(id: string): Promise<ProviderResult<CourierJob, CourierFailure | 'not_found'>> {
    this.getJobCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    return this.ledger.read(id, (job) => this.view(job));
  }

  /** The courier moved the job on (now, by the test's clock). */
  advance(id: string, status: CourierStatus): void {
    const job = this.ledger.find(id);
    if (!job) throw new Error(`no job ${id}`);
    job.status = status;
    job.history.push({ status, at: this.iso() });
    job.eta = status === 'out_for_delivery' ? new Date(this.now() + this.etaMs).toISOString() : null;
  }

  /** The job booked for an order reference. */
  jobFor(reference: string): (CourierJob & { request: CourierJobRequest }) | undefined {
    return this.jobs.find((j) => j.request.reference === reference);
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }

  private view(job: CourierJob): CourierJob {
    return { id: job.id, status: job.status, history: job.history.map((h) => ({ ...h })), eta: job.eta };
  }
}
