import type { ReactNode, Ref } from 'react';
import { Checkbox } from './checkbox';

/**
 * A consent that must be ticked (SPEC 5: the MNP terms, the music-streaming partner consent):
 * the Checkbox primitive, whose error is announced (role="alert") and tied to the box with
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
  return (
    <Checkbox checked={checked} onChange={onChange} error={error} inputRef={inputRef} className={className}>
      {children}
    </Checkbox>
  );
}
