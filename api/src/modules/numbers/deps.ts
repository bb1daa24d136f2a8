import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { CaptchaGate } from './captcha';
import type { HoldLimits } from './holds';
import type { NumbersRepository } from './repository';
import type { TransferCheckBudget } from './transfer-budget';
import type { PortabilityLookup } from './portability-client';

/** What the numbers module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface NumbersDeps {
  repos: NumbersRepository;
  now: () => number;
  random: () => number;
  /** How long a new hold lasts. */
  holdMs: number;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'randomNumbersMax' | 'searchMax' | 'reserveMax' | 'reserveDeviceMax' | 'transferMax'>;
  /** Anti-hoarding limits on new holds (HOLD_LIMITS unless buildApp is told otherwise). */
  holdLimits: HoldLimits;
  /** The proof-of-work challenge an address past its per-address threshold solves instead of being refused. */
  captcha: CaptchaGate;
  /** Who checked which numbers for transfer (the operator lookup budget). */
  transferChecks: TransferCheckBudget;
  /** The number-portability lookup (the transfer's checks). Required: buildApp refuses to start without one. */
  portability: PortabilityLookup;
}
