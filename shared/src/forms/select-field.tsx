import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { localizeValidationMessage } from '@join/shared';
import { useT } from '@join/shared/react';
import { describedBy, FieldFrame, focusNextControl, SelectControl } from '@join/shared/ui';

type NativeProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'form' | 'id'>;

/**
 * A choice from a list, with the same label, hint and announced error as TextField. A choice
 * is complete as soon as it is made, so it is checked then; with `advanceWhenComplete` a
 * valid choice moves focus on (SPEC 4).
 */
export function SelectField<T extends FieldValues, Out extends FieldValues = T>({
  form,
  name,
  label,
  hint,
  advanceWhenComplete = false,
  className,
  children,
  ...native
}: NativeProps & {
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  advanceWhenComplete?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  // In the page's language now (an error shown before the language switch follows it).
  useT();
  const error = localizeValidationMessage(fieldState.error?.message);
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      <SelectControl
        {...native}
        id={id}
        selectRef={field.ref}
        name={field.name}
        value={typeof field.value === 'string' ? field.value : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        onBlur={field.onBlur}
        onChange={async (e) => {
          const select = e.currentTarget;
          field.onChange(select.value);
          const valid = await form.trigger(name);
          if (valid && advanceWhenComplete) focusNextControl(select);
        }}
      >
        {children}
      </SelectControl>
    </FieldFrame>
  );
}
