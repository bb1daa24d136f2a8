import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { ArrowLeft, MapPin } from 'lucide';
import { bus, isApiError, PHONE_RULES, ROUTES, sanitizePhoneInput, textField, toLatinDigits, validatePhone, validateRequired, VALIDATION_MESSAGES, type InputMask, type ValidationResult } from '@join/shared';
import { useFocusStepHeading, useLanguage, useT } from '@join/shared/react';
import { Alert, Button, Icon, LiveRegion, StepHeading } from '@join/shared/ui';
import { SelectField, TextField, useZodForm } from '@join/shared/forms';
import { deliveryApi, DELIVERY_FIELD_MAX } from '@join/shared/delivery';
import { TrustLine } from '../components/trust-line';
import { clearDraft, readDraft, writeDraft } from '../draft';
import { codeOf, raise } from '../errors';
import { READONLY_ZOOM } from '../area';
import { MapView } from '../map/map-view';
import { go } from '../navigation';
import { closedRoute } from './map-page';

const PHONE_COUNTRIES = Object.keys(PHONE_RULES);

/** SPEC 5 while typing: digits only (Arabic-Indic digits read as Latin), at most 12. */
const phoneMask: InputMask = {
  format: (raw) => sanitizePhoneInput(toLatinDigits(raw)),
  // Checked on leaving the field and on submit, never while the number is still growing.
  isComplete: () => false,
  maxLength: 12,
  inputMode: 'numeric',
};

/** A UAE mobile typed without its 0 (9 digits from 5): the 05 prefix the server expects. */
export const withUaePrefix = (phone: string, country: string): string => (country === 'AE' && /^5\d{8}$/.test(phone) ? `0${phone}` : phone);

// The inputs' maxLength keeps to the server's limits; a longer value (pasted past it) is a wrong value.
const max =
  (n: number) =>
  (v: string): ValidationResult =>
    v.trim().length <= n ? { valid: true } : { valid: false, message: VALIDATION_MESSAGES.wrongValue };
const DetailsForm = z
  .object({
    address: textField((v) => (validateRequired(v.trim()).valid ? max(DELIVERY_FIELD_MAX.address)(v) : validateRequired(''))),
    address_2: textField((v) => (validateRequired(v.trim()).valid ? max(DELIVERY_FIELD_MAX.address_2)(v) : validateRequired(''))),
    instructions: textField(max(DELIVERY_FIELD_MAX.instructions)),
    phone: z.string(),
    phone_country: z.string(),
  })
  .superRefine((v, ctx) => {
    const r = validatePhone(withUaePrefix(v.phone, v.phone_country), v.phone_country);
    if (!r.valid) ctx.addIssue({ code: 'custom', path: ['phone'], message: r.message });
  });
type DetailsForm = z.infer<typeof DetailsForm>;
const FIELDS = ['address', 'address_2', 'instructions', 'phone', 'phone_country'] as const;

/**
 * /submit_delivery/details, the address sub-step: the delivery form of SPEC 3 (address,
 * address_2, instructions, phone) under the pin's read-only map. The map has no streets (no
 * package ships the UAE's roads), so the form carries what a courier needs (README
 * "The address without streets"): address is the flat, building or villa and street (required);
 * address_2 the area, prefilled with the place named back for the pin (required here: the
 * courier's first bearing; the API takes it empty, as SPEC does not say); instructions a landmark
 * or instructions (optional). The phone keeps SPEC 5's rules as it is typed (digits only, at most 12)
 * and is checked for its country; a 9-digit UAE mobile gets its 05 prefix. The price is not
 * known here (the payment summary is refused to a resident): "You pay on delivery"; the amount
 * comes with the order, on the thank-you page. Values are kept in session storage on every
 * change (Back and a reload keep them). Placing the order (POST /me/delivery, which brings the new
 * flow status) announces delivery:order-placed; -128 goes to the closed page, -401 and other refusals
 * show the catalogue pop-up, a field the server refuses shows its error there.
 */
export function DetailsPage() {
  const t = useT();
  const { language } = useLanguage();
  const draft = useRef(readDraft()).current;
  const pin = draft.pin;
  const [busy, setBusy] = useState(false);
  const withdraws = useRef<(() => void)[]>([]);
  useEffect(() => () => withdraws.current.forEach((w) => w()), []);
  useFocusStepHeading('details');
  const form = useZodForm(DetailsForm, {
    address: draft.form.address ?? '',
    address_2: draft.form.address_2 ?? draft.area ?? '',
    instructions: draft.form.instructions ?? '',
    phone: draft.form.phone ?? '',
    phone_country: draft.form.phone_country ?? 'AE',
  });
  const values = useWatch({ control: form.control });
  useEffect(() => {
    writeDraft({ form: Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v ?? '')])) });
  }, [values]);

  const submit = form.handleSubmit(async (v: DetailsForm) => {
    if (!pin) return;
    setBusy(true);
    try {
      await deliveryApi.submitDelivery({
        lat: pin.lat,
        lng: pin.lng,
        address: v.address.trim(),
        address_2: v.address_2.trim(),
        instructions: v.instructions.trim(),
        phone: withUaePrefix(v.phone, v.phone_country),
        phone_country: v.phone_country,
      });
      clearDraft();
      bus.emit('delivery:order-placed', { kind: 'delivery' });
    } catch (err) {
      const code = codeOf(err);
      const field = isApiError(err) ? err.field : undefined;
      if (code === -128) {
        // Closed since the map said open: the closed page asks the zones when it opens again.
        go(closedRoute(null));
      } else if (field && (FIELDS as readonly string[]).includes(field)) {
        form.setError(field as (typeof FIELDS)[number], { type: 'server', message: isApiError(err) ? err.message : 'invalid' }, { shouldFocus: true });
      } else {
        withdraws.current.push(raise(err, { retry: () => submit() }));
      }
    } finally {
      setBusy(false);
    }
  });

  const country = new Intl.DisplayNames([language === 'ar' ? 'ar' : 'en'], { type: 'region' });
  if (!pin) {
    return (
      <section className="delivery" aria-labelledby="step-heading">
        <StepHeading>{t('delivery.details.title')}</StepHeading>
        <Alert tone="info" actions={<Button onClick={() => go(ROUTES.submitDelivery)}>{t('delivery.details.changePin')}</Button>}>
          <p>{t('delivery.details.noPin')}</p>
        </Alert>
      </section>
    );
  }
  return (
    <section className="delivery" aria-labelledby="step-heading">
      <StepHeading>{t('delivery.details.title')}</StepHeading>
      <TrustLine />
      <div className="delivery-where">
        <h2 className="delivery-subheading">{t('delivery.details.where')}</h2>
        {draft.area ? (
          <p className="delivery-area">
            <Icon icon={MapPin} className="delivery-area__icon" />
            {/* The place as the data names it (often Latin only: the map data's packages have few Arabic names). */}
            <span translate="no">{draft.area}</span>
          </p>
        ) : null}
        <MapView pin={pin} label={t('delivery.map.readonly')} zoom={READONLY_ZOOM} />
        <Button variant="link" icon={ArrowLeft} className="delivery-back" onClick={() => go(ROUTES.submitDelivery)}>
          {t('delivery.details.changePin')}
        </Button>
      </div>
      <form className="delivery-form" noValidate onSubmit={(e) => void submit(e)}>
        <TextField form={form} name="address" label={t('delivery.details.address')} hint={t('delivery.details.addressHint')} autoComplete="address-line1" maxLength={DELIVERY_FIELD_MAX.address} />
        <TextField form={form} name="address_2" label={t('delivery.details.address2')} hint={t('delivery.details.address2Hint')} autoComplete="address-level3" maxLength={DELIVERY_FIELD_MAX.address_2} />
        <TextField form={form} name="instructions" label={t('delivery.details.instructions')} hint={t('delivery.details.instructionsHint')} maxLength={DELIVERY_FIELD_MAX.instructions} />
        <SelectField form={form} name="phone_country" label={t('delivery.details.country')}>
          {PHONE_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {`${country.of(c) ?? c} (+${PHONE_RULES[c]!.dialCode})`}
            </option>
          ))}
        </SelectField>
        <TextField form={form} name="phone" label={t('delivery.details.phone')} hint={t('delivery.details.phoneHint')} mask={phoneMask} autoComplete="tel-national" type="tel" />
        <p className="delivery-due">{t('delivery.details.payOnDelivery')}</p>
        <div className="delivery-actions">
          <Button type="submit" busy={busy}>
            {t('delivery.details.submit')}
          </Button>
        </div>
        <LiveRegion message={busy ? t('delivery.details.placing') : ''} />
      </form>
    </section>
  );
}
