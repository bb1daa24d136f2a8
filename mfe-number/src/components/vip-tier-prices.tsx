import { useQuery } from '@tanstack/react-query';
import { useT } from '@join/shared/react';
import { Price } from '@join/shared/ui';
import { planApi, productPriceView } from '@join/shared/plans';
import { numberKeys } from '../api/query-keys';

/**
 * The price of the VIP plans of a tier, shown in the VIP confirmation before the visitor commits
 * to one (DESIGN.md "Nothing surprising"): each plan's total for its months, incl. VAT, and its
 * monthly share, from the catalogue (GET /products/available?category=VIP), never written here.
 */
export function VipTierPrices({ vanityLevelId }: { vanityLevelId: number }) {
  const t = useT();
  const { data, isError } = useQuery({
    queryKey: numberKeys.vipTierPlans(vanityLevelId),
    queryFn: () => planApi.getAvailableProducts('VIP').then((r) => r.products.filter((p) => p.VanityLevel === vanityLevelId)),
    staleTime: 5 * 60_000,
  });
  if (isError) return <p className="muted">{t('vip.pricesFailed')}</p>;
  if (!data) return <p role="status">{t('vip.pricesLoading')}</p>;
  return (
    <section className="vip-tier-prices" aria-labelledby="vip-tier-prices-title">
      <h3 id="vip-tier-prices-title">{t('vip.tierPrices')}</h3>
      <ul>
        {data.map((p) => {
          const price = p.PackagesPricingTable[0];
          return (
            <li key={p.ProductCode} data-product-code={p.ProductCode}>
              <span className="vip-tier-prices__name">{p.Name}</span>
              {price ? <Price {...productPriceView(p, price)} /> : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
