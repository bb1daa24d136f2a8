import { useQuery } from '@tanstack/react-query';
import { hasFreeInternationalCalling, type PhoneNumber, type Product } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button, PlanSpecs, Price } from '@join/shared/ui';
import { planApi, productPriceView, savePlanSequence } from '@join/shared/plans';
import { numberKeys } from '../api/query-keys';
import { useNumberAction } from '../hooks/use-number-action';

/**
 * The VIP plans for the held number's level (/plans/by_vanity_level.json). Choosing one runs
 * the plan save sequence; the plan is then fixed for this number (not editable from the cart).
 */
export function VipPlans({ number, onSaved }: { number: PhoneNumber; onSaved: () => void }) {
  const t = useT();
  const { data: products } = useQuery({
    queryKey: numberKeys.vipPlans(number.MSISDN, number.VanityLevelId),
    queryFn: () => planApi.getPlansByVanityLevel(number.MSISDN, number.VanityLevelId).then((r) => r.products),
    meta: { errorSource: 'number' },
  });
  const { busy: saving, run } = useNumberAction<number>();

  const choose = (p: Product) =>
    run(p.ProductCode, async () => {
      // The number step moves on itself after the VIP plan; the host need not route on plan:saved.
      await savePlanSequence(p, { announce: false });
      onSaved();
    });

  if (!products) return <p role="status">{t('LOADING_MESSAGE_PLAN')}</p>;
  return (
    <section aria-labelledby="vip-plans-title" className="vip-plans">
      <h2 id="vip-plans-title">{t('vip.plansTitle')}</h2>
      <ul className="vip-plan-list">
        {products.map((p) => {
          const price = p.PackagesPricingTable[0];
          return (
            <li key={p.ProductCode} className="card vip-plan">
              <h3>{p.Name}</h3>
              <PlanSpecs plans={p.AvailablePlans} />
              {price && hasFreeInternationalCalling(price.NetPrice) ? <p className="vip-plan__free">{t('plan.freeInternational')}</p> : null}
              {price ? (
                // The server's price: net plus its VAT, for the whole term, and its monthly share.
                <Price className="vip-plan__price" {...productPriceView(p, price)} />
              ) : null}
              <Button onClick={() => void choose(p)} busy={saving === p.ProductCode} disabled={saving !== null}>
                {t('plan.select')}
                <span className="visually-hidden">: {p.Name}</span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
