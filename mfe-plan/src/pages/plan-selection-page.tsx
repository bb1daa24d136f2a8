import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { bizConfigAtom, flowFlagsAtom, formatAed, MARKETING, ROUTES, savedPlanAtom, setPlanInReview, startParamsAtom, store, VANITY_TIER_BY_ID, bus, dropStartParams, type Product } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, Icon, PLAN_ICONS, PlanSpecs, StepHeading } from '@join/shared/ui';
import { ANNUAL_OFFER_PRODUCT_CODE, DEFAULT_VAT_PERCENTAGE, PLAN_CATEGORIES, TOURIST_PRODUCT_CODES, type PlanCategory } from '@join/shared/plans';
import { CategoryTabs, panelId, tabId } from '../components/category-tabs';
import { isLoading, LoadStatus } from '../components/load-status';
import { PlanCard } from '../components/plan-card';
import { productsQuery, useProducts } from '../hooks/use-products';
import { go, PLAN_START_PARAMS } from '../navigation';
import { categoryOf, defaultCommitmentProduct, fromPrice, startSelection, validityDays } from '../plan-rules';

// The review loads when a plan is chosen (a small chunk), keeping the first download small.
const ChoicePanel = lazy(() => import('../components/choice-panel').then((m) => ({ default: m.ChoicePanel })));

const BUILDER_ROUTE: Readonly<Record<number, string>> = {
  [ANNUAL_OFFER_PRODUCT_CODE]: ROUTES.annualOffer,
};
const builderRoute = (code: number) => BUILDER_ROUTE[code] ?? ROUTES.customPlan;

/**
 * Finds a product by code in the category lists (product_code start parameter), through the
 * query cache: the list of the tab that opens is the same request, asked once.
 */
async function findProduct(client: QueryClient, code: number): Promise<{ category: PlanCategory; product: Product } | null> {
  const categories: PlanCategory[] = (TOURIST_PRODUCT_CODES as readonly number[]).includes(code) ? ['tourist'] : ['PAYG', 'Commitment', 'VIP'];
  const lists = await Promise.all(categories.map((c) => client.fetchQuery(productsQuery(c))));
  for (const [i, list] of lists.entries()) {
    const product = list.find((p) => p.ProductCode === code);
    if (product) return { category: categories[i] ?? 'tourist', product };
  }
  return null;
}

/**
 * /plan-selection: plans by category (tourist, pay as you go, commitment, VIP), the two plan
 * builders, and the marketing facts a visitor decides on. Choosing a plan opens its review
 * (top-up, boosters, streaming offer, promo code, live price); Continue saves it.
 */
export function PlanSelectionPage() {
  const t = useT();
  const { language } = useLanguage();
  const flags = useAtomValue(flowFlagsAtom);
  const saved = useAtomValue(savedPlanAtom);
  const config = useAtomValue(bizConfigAtom);
  const vat = config.status === 'ready' ? config.config.vat_percentage : DEFAULT_VAT_PERCENTAGE;
  const [start] = useState(() => startSelection(store.get(startParamsAtom)));
  const [category, setCategory] = useState<PlanCategory>(() => {
    if (start.kind === 'category') return start.category;
    if (saved && !saved.product.IsCustomizable) return categoryOf(saved.product);
    return 'tourist';
  });
  const state = useProducts(category);
  const queryClient = useQueryClient();
  const [review, setReview] = useState<Product | null>(null);
  const reviewHeading = useRef<HTMLHeadingElement>(null);
  const returnFocusTo = useRef<number | null>(null);

  // The start parameters apply once, then are dropped (a later visit, e.g. editing from the cart, starts plain).
  useEffect(() => {
    if (start.kind === 'none') return;
    if (start.kind === 'builder') {
      go(builderRoute(start.productCode));
      return;
    }
    dropStartParams(PLAN_START_PARAMS);
    if (start.kind !== 'product') return;
    let live = true;
    findProduct(queryClient, start.productCode).then(
      (found) => {
        if (!live || !found) return;
        setCategory(found.category);
        if (found.category !== 'VIP') setReview(found.product);
      },
      () => undefined, // an unknown or unreachable product just leaves the plain list
    );
    return () => {
      live = false;
    };
  }, [start, queryClient]);

  // The cart names the plan under review as not added yet, until it closes or the page goes.
  useEffect(() => {
    setPlanInReview(review ? { productCode: review.ProductCode, name: review.Name } : null);
  }, [review]);
  useEffect(() => () => setPlanInReview(null), []);

  // Tracking (issue 28): each list the visitor sees, once per list shown.
  const listed = state.data;
  useEffect(() => {
    if (listed?.length) bus.emit('plan:list-viewed', { list: category, products: listed });
  }, [category, listed]);

  useEffect(() => {
    if (review) reviewHeading.current?.focus();
    else if (returnFocusTo.current !== null) {
      document.querySelector<HTMLElement>(`[data-product-code="${returnFocusTo.current}"] button`)?.focus();
      returnFocusTo.current = null;
    }
  }, [review]);

  if (flags?.has_vip) {
    return (
      <section className="plan-step" aria-labelledby="step-heading">
        <StepHeading>{t('STEP_TITLE_PLAN')}</StepHeading>
        <p className="card">{t('plan.vipLocked')}</p>
      </section>
    );
  }

  if (review) {
    const price = review.PackagesPricingTable[0];
    return (
      <section className="plan-step plan-review" aria-labelledby="step-heading">
        <StepHeading>{t('STEP_TITLE_PLAN')}</StepHeading>
        <Button
          variant="link"
          onClick={() => {
            returnFocusTo.current = review.ProductCode;
            setReview(null);
          }}
        >
          {t('builder.back')}
        </Button>
        <h2 ref={reviewHeading} tabIndex={-1} className="plan-review__title">
          {t('choice.title')}: {review.Name}
        </h2>
        <p className="muted">
          {review.CommitmentDuration > 1 ? `${t('plan.commitment', { count: review.CommitmentDuration })} · ` : ''}
          {t('plan.validity', { count: validityDays(review.AvailablePlans) })}
        </p>
        <PlanSpecs plans={review.AvailablePlans} />
        {/* The offers show once, with the live price (ReviewPrice): the ones the choice gets. */}
        {price ? (
          <Suspense fallback={<p role="status">{t('price.updating')}</p>}>
            <ChoicePanel key={review.ProductCode} product={review} planIds={review.AvailablePlans.map((p) => p.ID)} />
          </Suspense>
        ) : null}
      </section>
    );
  }

  const products = state.data ?? [];
  const loading = isLoading(state);
  const recommended = category === 'Commitment' ? defaultCommitmentProduct(products) : null;
  const payg = category === 'PAYG' ? fromPrice(products) : null;
  const savings = MARKETING.commitmentSavings;

  return (
    <section className="plan-step" aria-labelledby="step-heading" aria-busy={loading}>
      <StepHeading>{t('STEP_TITLE_PLAN')}</StepHeading>
      <p>{t('plan.intro', { vat })}</p>
      {/* Trust marks (DESIGN.md "Trust"), beside the plans they reassure about. */}
      <ul className="plan-facts">
        <li>
          <Icon icon={PLAN_ICONS.moneyBack} /> {t('plan.moneyBack', { count: MARKETING.moneyBackDays })}
        </li>
        <li>
          <Icon icon={PLAN_ICONS.delivery} /> {t('plan.delivery', { count: MARKETING.deliveryMinutes })}
        </li>
        <li>
          <Icon icon={PLAN_ICONS.referral} /> {t('plan.referral', { amount: formatAed(MARKETING.referralUpToAed, language) })}
        </li>
      </ul>
      <CategoryTabs
        categories={PLAN_CATEGORIES}
        selected={category}
        onSelect={setCategory}
        label={t('plan.categories')}
        renderLabel={(c) => t(`plan.category.${c}`)}
      />
      <div role="tabpanel" id={panelId(category)} aria-labelledby={tabId(category)} tabIndex={0} className="plan-panel">
        <p className="plan-panel__intro">
          {category === 'tourist' ? t('plan.touristIntro') : null}
          {category === 'PAYG' && payg !== null ? t('plan.paygFrom', { price: formatAed(payg, language) }) : null}
          {category === 'Commitment' ? t('plan.commitmentIntro', { six: savings[6], twelve: savings[12] }) : null}
          {category === 'VIP' ? t('plan.vipIntro', { count: MARKETING.vipPlanMonths }) : null}
        </p>
        <LoadStatus state={state} failedText={t('plan.loadFailed')} onRetry={() => void state.refetch()} />
        {state.isSuccess && products.length === 0 ? <p>{t('plan.empty')}</p> : null}
        {products.length > 0 ? (
          <ul className="plan-list" aria-label={t(`plan.category.${category}`)}>
            {products.map((p, index) => {
              const tier = p.VanityLevel !== null ? VANITY_TIER_BY_ID[p.VanityLevel] : undefined;
              return (
                <PlanCard
                  key={p.ProductCode}
                  product={p}
                  selected={saved?.product.ProductCode === p.ProductCode}
                  recommended={recommended?.ProductCode === p.ProductCode}
                  action={
                    category === 'VIP' ? (
                      <Button
                        variant="secondary"
                        // An outcome, not a route: the host opens the number search on this tier.
                        onClick={() => bus.emit('plan:vip-number-wanted', { tier: tier ?? null })}
                      >
                        {t('plan.findVipNumber', { tier: tier ? t(`tier.${tier}`) : 'VIP' })}
                        <span className="visually-hidden">: {p.Name}</span>
                      </Button>
                    ) : (
                      // The visible text starts the accessible name (WCAG 2.5.3); the plan name completes it.
                      <Button
                        onClick={() => {
                          setReview(p);
                          bus.emit('plan:selected', { list: category, index, product: p });
                        }}
                      >
                        {saved?.product.ProductCode === p.ProductCode ? t('plan.selected') : t('plan.select')}
                        <span className="visually-hidden">: {p.Name}</span>
                      </Button>
                    )
                  }
                />
              );
            })}
          </ul>
        ) : null}
      </div>
      {/* Shown once the list is in, so the list never pushes it down (no layout shift). */}
      {!loading ? (
        <div className="plan-builders">
          {[
            { title: t('plan.buildOwn'), text: t('plan.buildOwnText'), route: ROUTES.customPlan },
            { title: t('plan.annualOffer'), text: t('plan.annualOfferText', { percent: savings[12] }), route: ROUTES.annualOffer },
          ].map((b) => (
            <div key={b.route} className="card">
              <h2>{b.title}</h2>
              <p className="muted">{b.text}</p>
              <Button variant="secondary" onClick={() => go(b.route)}>
                {b.title}
              </Button>
            </div>
          ))}
        </div>
      ) : null}
    </section>
  );
}
