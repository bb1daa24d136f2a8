import type { Product } from '@join/shared/contract';
import type { OrderDeps } from './deps';
import type { HoldRecord } from '../numbers';
import type { NameLanguage, SavedPlanRecord } from '../catalogue';
import type { Caller } from '../../platform/caller';
import { flowOrder } from '../../platform/refusals';
import { isRefusal } from '../../platform/domain-error';
import { loginRequired } from '../account';
import { productView } from '../catalogue';
import { choiceOfSaved, evaluateChoice, type EvaluatedChoice } from '../catalogue';
import { amountOf, isRecurring } from './payment';

/**
 * What is being bought, priced now: the saved plan re-priced by the plan step's own code, the
 * committed number, the amount. A payment charges it; a cash-on-delivery order collects it.
 */
export interface Order {
  uid: string;
  email: string;
  saved: SavedPlanRecord;
  choice: EvaluatedChoice;
  product: Product;
  hold: HoldRecord;
  msisdn: string;
  amountFils: number;
  vatFils: number;
  recurring: boolean;
}


/** The saved plan re-priced now, exactly as the plan step's quote does; a plan that can no longer be bought as saved is a 409. */
export async function repriceSaved(ctx: OrderDeps, uid: string, saved: SavedPlanRecord, language: NameLanguage): Promise<EvaluatedChoice> {
  try {
    return await evaluateChoice(ctx, uid, choiceOfSaved(saved), 'body', { requireConsent: false, language });
  } catch (e) {
    if (isRefusal(e)) {
      throw flowOrder(`Your saved plan can no longer be bought as saved (${e.message}): choose your plan again`);
    }
    throw e;
  }
}

/** The buyer's order priced now: a logged-in account, a saved plan and a committed number, or a 40x saying which is missing. */
export async function loadOrder(ctx: OrderDeps, buyer: Pick<Caller, 'uid' | 'accountId' | 'language'>): Promise<Order> {
  const { uid, accountId, language } = buyer;
  const account = accountId === null ? null : await ctx.repos.findAccountById(accountId);
  if (!account) throw loginRequired();
  const saved = await ctx.repos.getSavedPlan(uid);
  if (!saved) throw flowOrder('Save a plan first');
  const hold = await ctx.repos.getActiveHold(uid, ctx.now());
  if (!hold) throw flowOrder('Choose a number first');
  if (!hold.committed) throw flowOrder('Confirm your number first');
  const choice = await repriceSaved(ctx, uid, saved, language);
  const product = await productView(ctx, choice.product);
  const { amountFils, vatFils } = amountOf(choice.priced.price);
  return {
    uid,
    email: account.email,
    saved,
    choice,
    product,
    hold,
    msisdn: hold.transfer ? hold.transfer.externalMsisdn : hold.msisdn,
    amountFils,
    vatFils,
    recurring: isRecurring(choice.product.category),
  };
}
