/**
 * @join/shared/promotions: the promotions' contract (redeem, cancel, rewards, referral, offers),
 * an entry of its own beside @join/shared/plans so the plan step's first download stays without it
 * (the payment step, thank-you and the plan step's lazy review bundle it). No texts of its own:
 * the pages' texts are their domains'.
 */
export * from './promotion-schemas';
export * from './promotion-endpoints';
