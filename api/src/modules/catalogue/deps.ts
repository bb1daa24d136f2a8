import type { BusinessConfig } from '@join/shared/contract';
import type { NumbersRepository } from '../numbers';
import type { CatalogueRepository } from './repository';
import type { ReferenceVersionRepository } from '../../platform/reference-versions/repository';

/** What the catalogue module is given by the composition root (app.ts builds it; AppContext holds it). */
export interface CatalogueDeps {
  /**
   * Its catalogue, the visitor's hold (its number's vanity level prices the plan) and the stored
   * business config (the content module's table, read here by its one method), and the reference
   * data's versions (what the lists served the same to everyone are cached under).
   */
  repos: CatalogueRepository &
    Pick<NumbersRepository, 'getActiveHold'> &
    Pick<ReferenceVersionRepository, 'referenceVersions'> & { getBusinessConfig(): Promise<BusinessConfig> };
  now: () => number;
  /** Overrides of the stored business config: maintenance_mode (undefined: stored), promo_codes_enabled, tag_manager_url, skip_number_confirmation. */
  bizConfig: { maintenanceMode: string | null | undefined; promoCodesEnabled: boolean; tagManagerUrl: string | null; skipNumberConfirmation: boolean };
}
