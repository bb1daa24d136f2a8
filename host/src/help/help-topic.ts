import { normalizePath, ROUTES, stepForPath, VANITY_LEVELS, type StepName } from '@join/shared';

/**
 * Which help the modal shows: the step the visitor is on, from the flow contract
 * (stepForPath), refined on the number step where its pages differ most (search, transfer,
 * and a VIP number, which commits the visitor to a 12-month VIP plan).
 */
export const HELP_TOPICS = ['start', 'plan', 'number', 'search', 'vip', 'transfer', 'login', 'identity', 'payment', 'delivery', 'done'] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];

const TOPIC_OF_STEP: Readonly<Record<StepName, HelpTopic>> = {
  plan: 'plan',
  number: 'number',
  account: 'login',
  location_check: 'identity',
  activation_method: 'identity',
  id_check: 'identity',
  payment: 'payment',
  submit_delivery: 'delivery',
  thank_you: 'done',
};

const TOPIC_OF_ROUTE: ReadonlyMap<string, HelpTopic> = new Map([
  [ROUTES.numberSearch, 'search'],
  [ROUTES.numberTransfer, 'transfer'],
  [ROUTES.numberTransferTerms, 'transfer'],
]);

const VIP_LEVELS: readonly number[] = [VANITY_LEVELS.bronze, VANITY_LEVELS.gold, VANITY_LEVELS.diamond, VANITY_LEVELS.red];

/**
 * `vipSearch`: the visit started with the vip parameter (SPEC 2 start parameters), which opens
 * the search on the VIP tiers; `heldVanityLevel`: the tier of the number being confirmed.
 */
export function helpTopicFor(path: string, context: { vipSearch?: boolean; heldVanityLevel?: number | null } = {}): HelpTopic {
  const step = stepForPath(path);
  if (!step) return 'start';
  if (step.name !== 'number') return TOPIC_OF_STEP[step.name];
  const route = normalizePath(path);
  if (route === ROUTES.numberSearch && context.vipSearch) return 'vip';
  if (route === ROUTES.numberConfirmation && context.heldVanityLevel != null && VIP_LEVELS.includes(context.heldVanityLevel)) return 'vip';
  return TOPIC_OF_ROUTE.get(route) ?? 'number';
}
