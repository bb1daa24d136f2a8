import type { Ref } from 'react';
import { useT } from '@join/shared/react';
import { ConsentCheckbox } from '@join/shared/ui';
import { useOffer } from '../../hooks/use-offer';

/**
 * The streaming offer (SPEC 1, 5), shown on a plan that qualifies: the operator's title and text
 * (GET /cms/offers) when configured; taking it reveals the partner consent, which Continue checks
 * (the panel validates and moves focus to the box).
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
  const offer = useOffer('streaming');
  return (
    <fieldset className="plan-choice__group plan-choice__streaming" aria-describedby={offer ? 'streaming-offer-text' : undefined}>
      <legend>{offer?.title ?? t('promo.streaming', { count: months })}</legend>
      {offer ? (
        <p id="streaming-offer-text" className="plan-choice__offer-text">
          {offer.text}
        </p>
      ) : null}
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
