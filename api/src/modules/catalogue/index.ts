/**
 * The catalogue module's public entry (products, plans, boosters, promotions, pricing): its
 * routes, the plan choice as the plan step prices it, and the product views.
 */
export { boosterRoutes } from './booster-routes';
export { planRoutes } from './plan-routes';
export { productPageAnswers, productRoutes } from './product-routes';
export { promotionRoutes } from './promotion-routes';
export { offersAnswer } from './promotion-service';
export { REFERRAL_PROMOTION_KEY } from './promotions';
export { DEFAULT_PRODUCT_CODE } from './catalogue';
export { businessConfig, productView } from './catalogue-view';
export { choiceOfSaved, evaluateChoice, type ChoiceInput, type EvaluatedChoice } from './plan-choice-service';
export { toFils } from './pricing';
export type * from './repository';
export type { CatalogueDeps } from './deps';
export { CATALOGUE_ERROR_STATUSES } from './errors';
