import { useId, type ReactNode, type Ref } from 'react';
import { describedBy, FieldNotes } from './field-frame';

/**
 * A checkbox with its label: the native control in the brand colour, the whole label a target of
 * at least 44 px, an optional hint, and an error announced (role="alert") and tied to the box
 * (aria-describedby, aria-invalid).
 */
export function Checkbox({
  checked,
  onChange,
  children,
  hint,
  error = null,
  disabled,
  name,
  inputRef,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  disabled?: boolean;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string | undefined;
}) {
  const id = useId();
  return (
    <div className={['checkbox', error ? 'checkbox--invalid' : null].filter(Boolean).join(' ')}>
      <label className={['checkbox__label', className].filter(Boolean).join(' ')}>
        <input
          ref={inputRef}
          type="checkbox"
          name={name}
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span className="checkbox__text">{children}</span>
      </label>
      <FieldNotes id={id} hint={hint} error={error} block="checkbox" />
    </div>
  );
}
