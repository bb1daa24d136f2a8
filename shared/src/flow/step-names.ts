/** The flow's step names (SPEC section 2, with our number step), in flow order. */
export const STEP_NAME_LIST = [
  'plan',
  'number',
  'account',
  'location_check',
  'activation_method',
  'id_check',
  'payment',
  'submit_delivery',
  'thank_you',
] as const;
export type StepName = (typeof STEP_NAME_LIST)[number];
