import { useEffect, useId, useRef, useState } from 'react';
import { useAtomValue } from 'jotai';
import { bizConfigAtom, Button, ConsentCheckbox, errorObjectFor, formatAed, formatMsisdn, formatSubPlan, flowFlagsAtom, isStreamingPromoEligible, LiveRegion, MARKETING, numberAtom, PREFERENCE_IDS, RECHARGE_AMOUNTS, reportError, showsPaymentPromoHint, STREAMING_PROMOTION_KEY, translateOr, amountToPay, useLanguage, useAmountText, useT, validateConsent, validatePromoCode, type Product } from '@join/shared';
import { savePlanSequence, type PlanChoice } from '@join/shared/plans';
import { api } from '../api';
import { useLoad } from '../hooks/use-load';
import { useQuote } from '../hooks/use-quote';
import { consentPromotion, freeInternationalCalling } from '../plan-rules';
import { PriceBreakdown } from './price-breakdown';
import { PromotionList } from './promotion-list';

/**
 * Everything chosen with a plan before it is saved: a starting credit (pay as you go), boosters
 * for the held number, the streaming offer with its consent, a promo code (when configured),
 * and the live price from the server. Continue runs the plan save sequence with the choice;
 * the server prices it again and never takes a price from here.
 */
export function ChoicePanel({ product, planIds }: { product: Product; planIds: readonly number[] }) {
  const t = useT();
  const amount = useAmountText();
  const { language } = useLanguage();
  const uid = useId();
  const config = useAtomValue(bizConfigAtom);
  const number = useAtomValue(numberAtom);
  const flags = useAtomValue(flowFlagsAtom);
  const [recharge, setRecharge] = useState(0);
  const [boosterIds, setBoosterIds] = useState<number[]>([]);
  const [streaming, setStreaming] = useState(false);
  const [consent, setConsent] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const [promoInput, setPromoInput] = useState('');
  const [promoCode, setPromoCode] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [checkingPromo, setCheckingPromo] = useState(false);
  const [saving, setSaving] = useState(false);
  const consentRef = useRef<HTMLInputElement>(null);

  const promoEnabled = config.status === 'ready' && config.config.promo_codes_enabled;
  const limits = config.status === 'ready' ? { min: config.config.min_promo_code_length, max: config.config.max_promo_code_length } : { min: 1, max: 40 };
  const topUp = product.ProductCategory === 'PAYG';
  const heldMsisdn = number && !flags?.has_vip ? number.MSISDN : null;

  const boosters = useLoad(heldMsisdn ? () => api.getBoosters(heldMsisdn, { productCode: product.ProductCode }).then((r) => r.boosters) : null, [
    heldMsisdn,
    product.ProductCode,
  ]);
  // A booster chosen for another plan or number is not carried over.
  useEffect(() => setBoosterIds([]), [heldMsisdn, product.ProductCode]);

  const choice: PlanChoice = {
    productCode: product.ProductCode,
    planIds,
    ...(topUp && recharge > 0 ? { rechargeAmount: recharge } : {}),
    ...(boosterIds.length ? { boosterIds } : {}),
    ...(streaming ? { promotionKeys: [STREAMING_PROMOTION_KEY] } : {}),
    ...(promoCode ? { promoCode } : {}),
  };
  const quote = useQuote(choice);
  const shown = quote.status === 'ready' ? quote.quote : quote.last;
  // The streaming offer: listed by the server for a fixed product; for a built plan it follows the
  // plan price of the current quote (AED 150 before VAT, SPEC 5).
  const streamingPromo = consentPromotion(product);
  const streamingOffered = product.IsCustomizable
    ? shown !== null && isStreamingPromoEligible(shown.package_price.PlanNetPrice)
    : streamingPromo !== null;
  const streamingMonths = streamingPromo?.DurationMonths ?? MARKETING.streamingOfferMonths;
  useEffect(() => {
    if (!streamingOffered) setStreaming(false);
  }, [streamingOffered]);

  const applyPromo = async () => {
    const check = validatePromoCode(promoInput, limits);
    if (!check.valid) {
      setPromoError(check.message);
      return;
    }
    setCheckingPromo(true);
    setPromoError(null);
    try {
      const { promotions } = await api.checkPromoCodes([promoInput], product.ProductCode, planIds);
      const result = promotions[0];
      if (result?.eligible) {
        setPromoCode(result.promo_code);
        setPromoInput('');
      } else {
        setPromoError(errorObjectFor(result?.reason ?? 'promo_invalid', null, translateOr).text);
      }
    } catch (err) {
      reportError(err, { source: 'plan', actions: { retry: applyPromo } });
    } finally {
      setCheckingPromo(false);
    }
  };

  const onContinue = async () => {
    if (streaming) {
      const check = validateConsent(consent);
      if (!check.valid) {
        setConsentError(check.message);
        consentRef.current?.focus();
        return;
      }
    }
    setSaving(true);
    try {
      if (streaming) await api.setPreference(PREFERENCE_IDS.musicService, true);
      const { productCode: _code, ...rest } = choice;
      await savePlanSequence(product, { api, choice: rest });
    } catch (err) {
      reportError(err, { source: 'plan', actions: { retry: onContinue } });
    } finally {
      setSaving(false);
    }
  };

  const toggleBooster = (id: number, on: boolean) => setBoosterIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  const total = shown ? amountToPay(shown.package_price) : null;

  return (
    <div className="plan-choice">
      {topUp ? (
        <fieldset className="plan-choice__group">
          <legend>{t('choice.topUp')}</legend>
          <p className="muted" id={`${uid}-topup-help`}>
            {t('choice.topUpHelp')}
          </p>
          <div className="plan-choice__options">
            {RECHARGE_AMOUNTS.map((amount) => (
              <label key={amount} className="plan-choice__option">
                <input
                  type="radio"
                  name={`${uid}-topup`}
                  value={amount}
                  checked={recharge === amount}
                  onChange={() => setRecharge(amount)}
                  aria-describedby={`${uid}-topup-help`}
                />
                {amount === 0 ? t('choice.topUpNone') : formatAed(amount, language)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      {heldMsisdn ? (
        <fieldset className="plan-choice__group" aria-busy={boosters.status === 'loading'}>
          <legend>{t('choice.boosters', { number: formatMsisdn(heldMsisdn) })}</legend>
          {boosters.status === 'ready' && boosters.data.length === 0 ? <p className="muted">{t('choice.boostersNone')}</p> : null}
          {boosters.status === 'ready'
            ? boosters.data.map((b) => {
                const f = formatSubPlan(b);
                return (
                  <label key={b.ID} className="plan-choice__option plan-choice__option--block">
                    <input type="checkbox" checked={boosterIds.includes(b.ID)} onChange={(e) => toggleBooster(b.ID, e.target.checked)} />
                    <span>
                      <strong>{b.Name}</strong>{' '}
                      <span className="muted">
                        {amount(f)} · {t('choice.boosterDays', { days: b.Validity })} · +{formatAed(b.NetPrice, language)}
                      </span>
                    </span>
                  </label>
                );
              })
            : null}
        </fieldset>
      ) : null}

      {streamingOffered ? (
        <fieldset className="plan-choice__group">
          <legend>{t('promo.streaming', { months: streamingMonths })}</legend>
          <label className="plan-choice__option plan-choice__option--block">
            <input
              type="checkbox"
              checked={streaming}
              onChange={(e) => {
                setStreaming(e.target.checked);
                if (!e.target.checked) setConsentError(null);
              }}
            />
            {t('choice.streaming', { months: streamingMonths })}
          </label>
          {streaming ? (
            <div className="plan-choice__consent">
              <ConsentCheckbox
                className="plan-choice__option plan-choice__option--block"
                inputRef={consentRef}
                checked={consent}
                error={consentError}
                onChange={(ticked) => {
                  setConsent(ticked);
                  if (ticked) setConsentError(null);
                }}
              >
                {t('choice.streamingConsent')}
              </ConsentCheckbox>
            </div>
          ) : null}
        </fieldset>
      ) : null}

      {promoEnabled ? (
        <div className="plan-choice__group">
          {promoCode ? (
            <p className="plan-choice__promo-applied">
              <span role="status">{t('choice.promoApplied', { code: promoCode })}</span>{' '}
              <Button variant="link" onClick={() => setPromoCode(null)}>
                {t('choice.promoRemove')}
              </Button>
            </p>
          ) : (
            <>
              <label htmlFor={`${uid}-promo`}>{t('choice.promoCode')}</label>
              <p className="muted" id={`${uid}-promo-help`}>
                {t('choice.promoHelp', limits)}
              </p>
              <div className="plan-choice__promo">
                <input
                  id={`${uid}-promo`}
                  className="plan-input"
                  value={promoInput}
                  autoComplete="off"
                  maxLength={40}
                  aria-invalid={promoError ? true : undefined}
                  aria-describedby={`${uid}-promo-help${promoError ? ` ${uid}-promo-error` : ''}`}
                  onChange={(e) => {
                    setPromoInput(e.target.value);
                    setPromoError(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') {
                      e.preventDefault();
                      void applyPromo();
                    }
                  }}
                />
                <Button variant="secondary" busy={checkingPromo} onClick={() => void applyPromo()}>
                  {t('choice.promoApply')}
                </Button>
              </div>
              {promoError ? (
                <p id={`${uid}-promo-error`} className="error-text" role="alert">
                  {promoError}
                </p>
              ) : null}
            </>
          )}
        </div>
      ) : null}

      <section className="plan-choice__price" aria-labelledby={`${uid}-price`}>
        <h3 id={`${uid}-price`}>{t('price.title')}</h3>
        {shown ? (
          <>
            <PriceBreakdown price={shown.package_price} promotions={shown.promotions} busy={quote.status === 'loading'} />
            <PromotionList promotions={shown.promotions} label={t('plan.offers')} />
            {freeInternationalCalling(shown.package_price) ? <p className="plan-card__free">{t('plan.freeInternational')}</p> : null}
            {total !== null && showsPaymentPromoHint(total) ? (
              <p className="plan-choice__hint">{t('choice.promoHint', { min: formatAed(MARKETING.paymentPromoHintMinAed, language) })}</p>
            ) : null}
          </>
        ) : null}
        {quote.status === 'loading' ? <p className="muted">{t('price.updating')}</p> : null}
        {quote.status === 'error' ? (
          <p className="error-text" role="alert">
            {t('price.failed')}
            {quote.message ? ` (${quote.message})` : ''}
          </p>
        ) : null}
        {/* The total is announced once it settles, not on every keystroke. */}
        <LiveRegion message={quote.status === 'ready' && total !== null ? `${t('price.total')}: ${formatAed(total, language)}` : ''} />
      </section>

      <Button onClick={() => void onContinue()} busy={saving} disabled={quote.status === 'error' && !shown}>
        {t('choice.continue')}
      </Button>
      <LiveRegion message={saving ? t('plan.saving') : ''} />
    </div>
  );
}
