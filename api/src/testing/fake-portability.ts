import type { ExternalSubscriberRecord, PortabilityLookup } from '../modules/numbers';
import type { ProviderResult, ProviderUnavailable } from '../platform/provider-result';

/**
 * An in-memory number-portability lookup for the API's tests: it knows the subscribers the test
 * gives it (none by default: every number is unknown, so not activated), counts its calls, and
 * answers unavailable while `unavailable` is true. The transfer tests that need the seeded
 * database reach the sandbox itself (startSandboxesProgram(['portability'])). Not a test itself,
 * and never used by the server.
 */
export class FakePortabilityLookup implements PortabilityLookup {
  readonly subscribers: Map<string, ExternalSubscriberRecord>;
  calls = 0;
  unavailable = false;

  constructor(subscribers: readonly ExternalSubscriberRecord[] = []) {
    this.subscribers = new Map(subscribers.map((s) => [s.msisdn, s]));
  }

  async subscriber(msisdn: string): Promise<ProviderResult<ExternalSubscriberRecord | null, ProviderUnavailable>> {
    this.calls += 1;
    if (this.unavailable) return { ok: false, reason: 'unavailable', detail: 'fake: unavailable' };
    return { ok: true, value: this.subscribers.get(msisdn) ?? null };
  }
}

/** An active subscriber of `operatorCode`, for a test that only needs one transfer to go through. */
export const activeSubscriber = (msisdn: string, operatorCode: string): ExternalSubscriberRecord => ({ msisdn, operatorCode, status: 'active' });
