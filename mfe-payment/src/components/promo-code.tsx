import { useMemo, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorObjectFor, formSchema, isApiError, translateOr } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { Button, LiveRegion } from '@join/shared/ui';
import { aedOfFils } from '@join/shared/display';
import { TextField, useZodForm } from '@join/shared/forms';
import { promoCodeField } from '@join/shared/plans';
import { promotionApi, type PromoPriceResponse } from '@join/shared/promotions';
import type { PaymentSummaryResponse } from '@join/shared/payment';
import { raise } from '../errors';
import { SUMMARY_KEY } from '../hooks/use-summary';

/** The refusals that are about the code itself: said under the field, where it was typed. */
const CODE_REFUSALS: readonly string[] = ['promo_invalid', 'promo_not_supported', 'bad_request'];

/**
 * The payment step's promo code (only when the business config turns codes on): the code is
 * checked for its length here (SPEC 5, the config's min and max) and then redeemed on the saved
 * plan by the server (POST /promotions/redeem), whose new price replaces the summary's at once and
 * is asked again (GET /payment/summary: what a payment will charge). Remove (DELETE
 * /promotions/cancel) puts the price back. A refused code is said under the field (role=alert); the
 * new total is announced (role=status). Any other refusal (a payment open, the plan paid) is the
 * catalogue pop-up. Nothing is priced here.
 */
export function PromoCode({ summary, limits }: { summary: PaymentSummaryResponse; limits: { min: number; max: number } }) {
  const t = useT();
  const { language } = useLanguage();
  const client = useQueryClient();
  const [news, setNews] = useState('');
  const { min, max } = limits;
  const schema = useMemo(() => formSchema({ code: promoCodeField({ min, max }) }), [min, max]);
  const form = useZodForm(schema, { code: '' });

  /** The server's new price, shown at once; the summary is then asked again (instalments follow the amount). */
  const showPrice = (r: PromoPriceResponse) => {
    client.setQueryData<PaymentSummaryResponse>(SUMMARY_KEY, (old) =>
      old ? { ...old, package_price: r.package_price, amount_fils: r.amount_fils, promo_code: r.promo_code } : old,
    );
    void client.invalidateQueries({ queryKey: SUMMARY_KEY });
  };

  const redeem = useMutation({
    mutationFn: (code: string) => promotionApi.redeemPromo(code),
    onSuccess: (r) => {
      showPrice(r);
      form.reset({ code: '' });
      setNews(t('payment.promo.applied', { code: r.promo_code ?? '', amount: aedOfFils(r.amount_fils, language) }));
    },
    onError: (err) => {
      if (isApiError(err) && typeof err.code === 'string' && CODE_REFUSALS.includes(err.code)) {
        const text = err.code === 'bad_request' ? t('payment.promo.help', { min, count: max }) : errorObjectFor(err.code, null, translateOr).text;
        form.setError('code', { message: text }, { shouldFocus: true });
      } else {
        raise(err, {});
      }
    },
  });
  const cancel = useMutation({
    mutationFn: () => promotionApi.cancelPromo(),
    onSuccess: (r) => {
      showPrice(r);
      setNews(t('payment.promo.removed', { amount: aedOfFils(r.amount_fils, language) }));
    },
    onError: (err) => {
      raise(err, {});
    },
  });

  // While a payment is open the plan cannot change: nothing to offer (its price already shows any code).
  if (summary.open_payment) return null;

  const apply = form.handleSubmit(({ code }) => {
    setNews('');
    redeem.mutate(code);
  });

  return (
    <section className="payment-promo" aria-labelledby="payment-promo-title">
      <h3 id="payment-promo-title" className="payment-promo__title">
        {t('payment.promo.label')}
      </h3>
      {summary.promo_code ? (
        <p className="payment-promo__applied">
          <span>{t('payment.promo.code', { code: summary.promo_code })}</span>{' '}
          <Button variant="link" busy={cancel.isPending} onClick={() => cancel.mutate()}>
            {t('payment.promo.remove')}
          </Button>
        </p>
      ) : (
        <form className="payment-promo__form" noValidate onSubmit={(e) => void apply(e)}>
          <TextField form={form} name="code" label={t('payment.promo.label')} hint={t('payment.promo.help', { min, count: max })} autoComplete="off" maxLength={40} />
          <Button type="submit" variant="secondary" busy={redeem.isPending}>
            {t('payment.promo.apply')}
          </Button>
        </form>
      )}
      <LiveRegion message={redeem.isPending ? t('payment.promo.applying') : news} />
    </section>
  );
}

export default PromoCode;
