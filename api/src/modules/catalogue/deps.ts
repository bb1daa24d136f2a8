import type { BusinessConfig } from '@join/shared/contract';
import type { NumbersRepository } from '../numbers';
import type { CatalogueRepository } from './repository';

/** What the catalogue module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface CatalogueDeps {
  /**
   * Its catalogue, the visitor's hold (its number's vanity level prices the plan) and the stored
   * business config (the content module's table, read here by its one method).
   */
  repos: CatalogueRepository & Pick<NumbersRepository, 'getActiveHold'> & { getBusinessConfig(): Promise<BusinessConfig> };
  now: () => number;
  /** Overrides of the stored business config: maintenance_mode (undefined: stored), promo_codes_enabled. */
  bizConfig: { maintenanceMode: string | null | undefined; promoCodesEnabled: boolean };
}
