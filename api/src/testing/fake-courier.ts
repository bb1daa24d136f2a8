import type { CourierFailure, CourierJob, CourierJobRequest, CourierProvider, CourierStatus } from '../modules/fulfilment/providers';
import type { ProviderResult } from '../modules/payment/providers';

/**
 * An in-memory CourierProvider for the API's tests: a job's status moves only when the test
 * says (`advance(jobId, status)`, stamped with the test's clock), and it is honest about
 * idempotency as a real courier is (the same key answers the same job, never a second booking).
 * `unavailable = true` makes every call answer unavailable; `rejectNext = true` refuses the next
 * booking. Not a test itself, and never used by the server.
 */
export class FakeCourierProvider implements CourierProvider {
  /** Every job booked (one per idempotency key), in order, with the request that booked it. */
  readonly jobs: (CourierJob & { request: CourierJobRequest })[] = [];
  createCalls = 0;
  getJobCalls = 0;
  unavailable = false;
  rejectNext = false;
  /** How long a courier takes once out for delivery (the eta it answers). */
  etaMs = 30 * 60_000;
  private readonly byKey = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  async createJob(request: CourierJobRequest): Promise<ProviderResult<CourierJob, CourierFailure>> {
    this.createCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const known = this.byKey.get(request.idempotencyKey);
    const existing = known ? this.jobs.find((j) => j.id === known) : undefined;
    if (existing) return { ok: true, value: this.view(existing) };
    if (this.rejectNext) {
      this.rejectNext = false;
      return { ok: false, reason: 'rejected' };
    }
    const job = { id: `job_${String(this.jobs.length + 1).padStart(6, '0')}`, status: 'received' as CourierStatus, history: [{ status: 'received' as CourierStatus, at: this.iso() }], eta: null, request };
    this.jobs.push(job);
    this.byKey.set(request.idempotencyKey, job.id);
    return { ok: true, value: this.view(job) };
  }

  async getJob(id: string): Promise<ProviderResult<CourierJob, CourierFailure | 'not_found'>> {
    this.getJobCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const job = this.jobs.find((j) => j.id === id);
    return job ? { ok: true, value: this.view(job) } : { ok: false, reason: 'not_found' };
  }

  /** The courier moved the job on (now, by the test's clock). */
  advance(id: string, status: CourierStatus): void {
    const job = this.jobs.find((j) => j.id === id);
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
