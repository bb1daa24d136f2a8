/**
 * @join/shared/measurement-texts: the operations page's English registered into the page's i18n.
 * Imported by the operations page's chunk alone (host/src/ops), apart from the contract
 * (`@join/shared/measurement`), which the collector's beacon code bundles too and which must not
 * carry the page's texts.
 */
import { registerTexts } from '@join/shared';
import { MEASUREMENT_TEXTS } from './texts';

registerTexts(MEASUREMENT_TEXTS);

export { MEASUREMENT_TEXTS };
