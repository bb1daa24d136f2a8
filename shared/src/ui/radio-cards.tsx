import { useId, type ReactNode } from 'react';
import type { IconNode } from 'lucide';
import { Icon } from './icon';
import { describedBy, FieldError } from './field-frame';

export interface RadioCardOption<V extends string = string> {
  value: V;
  label: ReactNode;
  /** A second line under the label (a price, what it includes). */
  description?: ReactNode;
  icon?: IconNode;
  disabled?: boolean;
}

/**
 * One choice among cards: a radiogroup of native radio inputs (the browser gives arrow keys,
 * one tab stop and the checked state to assistive technology), each card a label of at least
 * 44 px. The checked card shows it by shape, not only colour: the radio's dot (in the brand
 * colour) and a thicker border on a tinted card.
 */
export function RadioCards<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  hint,
  error,
  className,
}: {
  name: string;
  legend: ReactNode;
  options: readonly RadioCardOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
  hint?: ReactNode;
  error?: string | undefined;
  className?: string | undefined;
}) {
  const id = useId();
  const described = describedBy(id, hint, error);
  return (
    <fieldset
      role="radiogroup"
      className={['radio-cards', className].filter(Boolean).join(' ')}
      aria-describedby={described}
      aria-invalid={error ? true : undefined}
    >
      <legend className="radio-cards__legend">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="muted radio-cards__hint">
          {hint}
        </p>
      ) : null}
      <div className="radio-cards__list">
        {options.map((o) => {
          const checked = value === o.value;
          return (
            <label
              key={o.value}
              className={['radio-card', checked ? 'radio-card--checked' : null, o.disabled ? 'radio-card--disabled' : null].filter(Boolean).join(' ')}
            >
              <input type="radio" name={name} value={o.value} checked={checked} disabled={o.disabled} onChange={() => onChange(o.value)} />
              {o.icon ? <Icon icon={o.icon} className="radio-card__icon" /> : null}
              <span className="radio-card__text">
                <span className="radio-card__label">{o.label}</span>
                {o.description ? <span className="radio-card__description">{o.description}</span> : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}
