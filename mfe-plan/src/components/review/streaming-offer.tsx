import type { Ref } from 'react';
import { useT } from '@join/shared/react';
import { ConsentCheckbox } from '@join/shared/ui';

/**
 * The streaming offer (SPEC 1, 5): taking it reveals the partner consent, which Continue
 * checks (the panel validates and moves focus to the box).
 */
export function StreamingOffer({
  months,
  taken,
  onTake,
  consent,
  onConsent,
  consentError,
  consentRef,
}: {
  months: number;
  taken: boolean;
  onTake: (taken: boolean) => void;
  consent: boolean;
  onConsent: (ticked: boolean) => void;
  consentError: string | null;
  consentRef: Ref<HTMLInputElement>;
}) {
  const t = useT();
  return (
    <fieldset className="plan-choice__group">
      <legend>{t('promo.streaming', { count: months })}</legend>
      <label className="plan-choice__option plan-choice__option--block">
        <input type="checkbox" checked={taken} onChange={(e) => onTake(e.target.checked)} />
        {t('choice.streaming', { count: months })}
      </label>
      {taken ? (
        <div className="plan-choice__consent">
          <ConsentCheckbox
            className="plan-choice__option plan-choice__option--block"
            inputRef={consentRef}
            checked={consent}
            error={consentError}
            onChange={onConsent}
          >
            {t('choice.streamingConsent')}
          </ConsentCheckbox>
        </div>
      ) : null}
    </fieldset>
  );
}
