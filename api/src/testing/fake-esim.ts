import type { EsimFailure, EsimOrderRequest, EsimProfile, EsimProvider } from '../modules/fulfilment/providers';
import type { ProviderResult } from '../modules/payment/providers';

export const FAKE_SMDP_ADDRESS = 'smdp.esim.example.test';

/**
 * An in-memory EsimProvider for the API's tests: a profile is released when ordered and
 * installed when the test says (`install(id)`, stamped with the test's clock); the same
 * idempotency key answers the same profile. `unavailable = true` makes every call answer
 * unavailable. Not a test itself, and never used by the server.
 */
export class FakeEsimProvider implements EsimProvider {
  readonly profiles: (EsimProfile & { request: EsimOrderRequest })[] = [];
  orderCalls = 0;
  getProfileCalls = 0;
  unavailable = false;
  private readonly byKey = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  async orderProfile(request: EsimOrderRequest): Promise<ProviderResult<EsimProfile, EsimFailure>> {
    this.orderCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const known = this.byKey.get(request.idempotencyKey);
    const existing = known ? this.profiles.find((p) => p.id === known) : undefined;
    if (existing) return { ok: true, value: this.view(existing) };
    const n = this.profiles.length + 1;
    const profile = {
      id: `prof_${String(n).padStart(6, '0')}`,
      smdpAddress: FAKE_SMDP_ADDRESS,
      matchingId: `MATCH-${String(n).padStart(4, '0')}-TEST`,
      state: 'released' as EsimProfile['state'],
      installedAt: null as string | null,
      request,
    };
    this.profiles.push(profile);
    this.byKey.set(request.idempotencyKey, profile.id);
    return { ok: true, value: this.view(profile) };
  }

  async getProfile(id: string): Promise<ProviderResult<EsimProfile, EsimFailure | 'not_found'>> {
    this.getProfileCalls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable' };
    const profile = this.profiles.find((p) => p.id === id);
    return profile ? { ok: true, value: this.view(profile) } : { ok: false, reason: 'not_found' };
  }

  /** A phone downloaded and enabled the profile (now, by the test's clock). */
  install(id: string): void {
    const profile = this.profiles.find((p) => p.id === id);
    if (!profile) throw new Error(`no profile ${id}`);
    profile.state = 'installed';
    profile.installedAt = new Date(this.now()).toISOString();
  }

  private view(p: EsimProfile): EsimProfile {
    return { id: p.id, smdpAddress: p.smdpAddress, matchingId: p.matchingId, state: p.state, installedAt: p.installedAt };
  }
}
