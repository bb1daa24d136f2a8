import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { ConsentRepository } from './repository';

/** What the consent module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface ConsentDeps {
  repos: ConsentRepository;
  now: () => number;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'consentMax' | 'consentPerDeviceMax'>;
  /**
   * Which sessions are retail customer sessions (the retail module's port, wired by app.ts): a
   * shop device never records a customer's consent (the shop's own terms apply).
   */
  retailSessions: { sessionOf(tokenHash: string): Promise<object | null> };
}
