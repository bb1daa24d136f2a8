import type { BusinessConfig } from '@join/shared/contract';
import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { SessionRepository } from '../../platform/sessions/repository';
import type { FlowRepository } from '../flow';
import type { RetailRepository } from './repository';
import type { RetailRules } from './rules';
import type { Caller } from '../../platform/caller';

/** What the retail module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface RetailDeps {
  repos: RetailRepository & SessionRepository & Pick<FlowRepository, 'setRetail'> & { getBusinessConfig(): Promise<BusinessConfig> };
  now: () => number;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'retailCodeMax' | 'retailTokenMax' | 'retailSignInMax' | 'retailApproveMax'>;
  retail: RetailRules;
  /** The payment module's: a walked-away customer's counter payment withdrawn at the terminal (app.ts wires it). */
  walkedAway: { withdraw(caller: Caller): Promise<void> };
}
