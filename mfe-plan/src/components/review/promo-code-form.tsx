import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { errorObjectFor, formSchema, translateOr } from '@join/shared';
import { useT } from '@join/shared/react';
import { Button } from '@join/shared/ui';
import { promoCodeField } from '@join/shared/plans';
import { api } from '../../api/endpoints';
import { TextField, useZodForm } from '@join/shared/forms';

/**
 * A promo code (when the business config turns codes on): its length is checked first
 * ("Wrong value", SPEC 5), then its eligibility for this plan on the server; an ineligible
 * code shows the catalogue text of its reason under the field. Once applied, it can be removed.
 */
export function PromoCodeForm({
  limits,
  productCode,
  planIds,
  applied,
  onApplied,
}: {
  limits: { min: number; max: number };
  productCode: number;
  planIds: readonly number[];
  applied: string | null;
  onApplied: (code: string | null) => void;
}) {
  const t = useT();
  const { min, max } = limits;
  const schema = useMemo(() => formSchema({ code: promoCodeField({ min, max }) }), [min, max]);
  const form = useZodForm(schema, { code: '' });
  const check = useMutation({
    mutationFn: (code: string) => api.checkPromoCodes([code], productCode, planIds).then((r) => r.promotions[0]),
    meta: { errorSource: 'plan' },
  });

  if (applied) {
    return (
      <p className="plan-choice__group plan-choice__promo-applied">
        <span role="status">{t('choice.promoApplied', { code: applied })}</span>{' '}
        <Button variant="link" onClick={() => onApplied(null)}>
          {t('choice.promoRemove')}
        </Button>
      </p>
    );
  }

  const apply = form.handleSubmit(async ({ code }) => {
    const result = await check.mutateAsync(code).catch(() => null);
    if (result === null) return; // the pop-up says why (meta.errorSource)
    if (result?.eligible) {
      form.reset({ code: '' });
      onApplied(result.promo_code);
    } else {
      form.setError('code', { message: errorObjectFor(result?.reason ?? 'promo_invalid', null, translateOr).text }, { shouldFocus: true });
    }
  });

  return (
    <form className="plan-choice__group plan-choice__promo" noValidate onSubmit={(e) => void apply(e)}>
      <TextField form={form} name="code" label={t('choice.promoCode')} hint={t('choice.promoHelp', { min, count: max })} autoComplete="off" maxLength={40} />
      <Button type="submit" variant="secondary" busy={check.isPending}>
        {t('choice.promoApply')}
      </Button>
    </form>
  );
}
