import { useId, type ReactNode, type Ref } from 'react';

/**
 * A consent that must be ticked (SPEC 5: the MNP terms, the music-streaming partner consent):
 * a labelled checkbox whose error is announced (role="alert") and tied to the box with
 * aria-describedby and aria-invalid. The caller validates (validateConsent) and moves focus.
 */
export function ConsentCheckbox({
  checked,
  onChange,
  error,
  children,
  inputRef,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error: string | null;
  children: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}) {
  const id = useId();
  return (
    <>
      <label className={className}>
        <input
          ref={inputRef}
          type="checkbox"
          checked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {children}
      </label>
      {error ? (
        <p id={`${id}-error`} className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
