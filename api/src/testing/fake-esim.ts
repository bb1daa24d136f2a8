import type { EsimFailure, EsimOrderRequest, EsimProfile, EsimProvider } from '../modules/fulfilment/providers';
import type { ProviderResult } from '../platform/provider-result';
import { FakeLedger } from './fake-ledger';

export const FAKE_SMDP_ADDRESS = 'smdp.esim.example.test';

/**
 * An in-memory EsimProvider for the API's tests: a profile is released when ordered and
 * installed when the test says (`install(id)`, stamped with the test's clock); the same
 * idempotency key answers the same profile. `unavailable = true` makes every call answer
 * unavailable. Not a test itself, and never used by the server.
 */
export class FakeEsimProvider implements EsimProvider {
  private readonly ledger = new FakeLedger<EsimProfile & { request: EsimOrderRequest }>('prof');
  readonly profiles = this.ledger.all;
  orderCalls = 0;
  getProfileCalls = 0;
  unavailable = false;

  constructor(private readonly now: () => number = Date.now) {}

  async orderProfile(request: EsimOrderRequest): Promise<ProviderResult<EsimProfile, EsimFailure>> {
    this.orderCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const existing = this.ledger.madeWith(request.idempotencyKey);
    if (existing) return { ok: true, value: this.view(existing) };
    const { id, n } = this.ledger.next();
    const profile = {
      id,
      smdpAddress: FAKE_SMDP_ADDRESS,
      matchingId: `MATCH-${String(n).padStart(4, '0')}-TEST`,
      state: 'released' as EsimProfile['state'],
      installedAt: null as string | null,
      request,
    };
    return { ok: true, value: this.view(this.ledger.add(request.idempotencyKey, profile)) };
  }

  async getProfile(id: string): Promise<ProviderResult<EsimProfile, EsimFailure | 'not_found'>> {
    this.getProfileCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    return this.ledger.read(id, (profile) => this.view(profile));
  }

  /** A phone downloaded and enabled the profile (now, by the test's clock). */
  install(id: string): void {
    const profile = this.ledger.find(id);
    if (!profile) throw new Error(`no profile ${id}`);
    profile.state = 'installed';
    profile.installedAt = new Date(this.now()).toISOString();
  }

  private view(p: EsimProfile): EsimProfile {
    return { id: p.id, smdpAddress: p.smdpAddress, matchingId: p.matchingId, state: p.state, installedAt: p.installedAt };
  }
}
