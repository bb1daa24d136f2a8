import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide';
import { Icon } from './icon';
import { describedBy, FieldFrame } from './field-frame';

/** The native <select> in the field look, with a chevron (no direction: never mirrored). */
export function SelectControl({ selectRef, className, ...native }: SelectHTMLAttributes<HTMLSelectElement> & { selectRef?: Ref<HTMLSelectElement> }) {
  return (
    <span className="select">
      <select {...native} ref={selectRef} className={['select__control', className].filter(Boolean).join(' ')} />
      <Icon icon={ChevronDown} className="select__chevron" />
    </span>
  );
}

/**
 * A choice from a list outside a react-hook-form form (SelectField in @join/shared/forms is the
 * same control bound to a form): label, hint and the announced error of the field frame.
 */
export function Select({
  label,
  hint,
  error,
  className,
  children,
  ...native
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <SelectControl {...native} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, hint, error)}>
        {children}
      </SelectControl>
    </FieldFrame>
  );
}
