import { useId } from 'react';
import { formatAed } from '@join/shared';
import { useLanguage, useT } from '@join/shared/react';
import { RECHARGE_AMOUNTS } from '@join/shared/plans';

/** A starting credit for a pay-as-you-go plan (RechargeAmount); none by default. */
export function TopUpOptions({ value, onChange }: { value: number; onChange: (amount: number) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const uid = useId();
  return (
    <fieldset className="plan-choice__group">
      <legend>{t('choice.topUp')}</legend>
      <p className="muted" id={`${uid}-help`}>
        {t('choice.topUpHelp')}
      </p>
      <div className="plan-choice__options">
        {RECHARGE_AMOUNTS.map((amount) => (
          <label key={amount} className="plan-choice__option">
            <input
              type="radio"
              name={`${uid}-topup`}
              value={amount}
              checked={value === amount}
              onChange={() => onChange(amount)}
              aria-describedby={`${uid}-help`}
            />
            {amount === 0 ? t('choice.topUpNone') : formatAed(amount, language)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
