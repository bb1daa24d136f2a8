import type { RateLimitOptions } from '../../platform/http/rate-limits';
import type { CatalogueDeps } from '../catalogue';
import type { ContentRepository } from './repository';

/** What the content module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface ContentDeps extends CatalogueDeps {
  repos: CatalogueDeps['repos'] & ContentRepository;
  rateLimit: Pick<RateLimitOptions, 'windowMs' | 'feedbackMax' | 'feedbackPerDeviceMax'>;
  /** The business config's failure switch (a test's way to see the page survive a failed config). */
  bizConfig: CatalogueDeps['bizConfig'] & { fail: boolean };
}
