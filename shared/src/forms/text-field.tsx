import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { localizeValidationMessage, type InputMask } from '@join/shared';
import { useT } from '@join/shared/react';
import { describedBy, FieldFrame, focusNextControl } from '@join/shared/ui';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'form' | 'id' | 'children'>;

export interface TextFieldProps<T extends FieldValues, Out extends FieldValues = T> extends NativeProps {
  /** The react-hook-form form the field belongs to (its zod resolver holds the rules). */
  form: UseFormReturn<T, unknown, Out>;
  name: FieldPath<T>;
  label: ReactNode;
  hint?: ReactNode;
  /** Formats what is typed or pasted, and says when the value is complete. */
  mask?: InputMask;
  /**
   * Opt-in SPEC 4 behaviour: once the value is complete it is checked, and when it passes,
   * focus moves on to the next field. Without it the field is checked on submit and on blur.
   */
  advanceWhenComplete?: boolean;
  /** Shown before the input, outside it (a fixed prefix such as 058); not announced twice. */
  prefix?: string;
  className?: string;
}

/**
 * The one text field of the product: a visible label, an optional hint, and an error that is
 * announced (role="alert") and tied to the input (aria-describedby, aria-invalid). Digits
 * (masked fields, `dir="ltr"` or a prefix) keep left-to-right order in an Arabic page.
 *
 * Checking follows SPEC 4: no error while the person is still typing; a field is checked
 * when its value is complete (mask), when it is left with something in it, and on submit.
 */
export function TextField<T extends FieldValues, Out extends FieldValues = T>({
  form,
  name,
  label,
  hint,
  mask,
  advanceWhenComplete = false,
  prefix,
  className,
  ...native
}: TextFieldProps<T, Out>) {
  const id = useId();
  const { field, fieldState } = useController({ control: form.control, name });
  // In the page's language now (an error shown before the language switch follows it).
  useT();
  const error = localizeValidationMessage(fieldState.error?.message);
  const value = typeof field.value === 'string' ? field.value : '';

  const onChange = async (input: HTMLInputElement) => {
    const next = mask ? mask.format(input.value) : input.value;
    // The same value typed again (or an input event that changed nothing) is no new answer: a
    // server's error about it stays, as on leaving the field (below).
    if (next === value) return;
    field.onChange(next);
    if (!mask?.isComplete(next)) {
      // Still typing: an earlier error no longer describes this value.
      if (fieldState.error) form.clearErrors(name);
      return;
    }
    const valid = await form.trigger(name);
    if (valid && advanceWhenComplete) focusNextControl(input);
  };

  const input = (
    <input
      {...native}
      id={id}
      ref={field.ref}
      name={field.name}
      value={value}
      dir={mask || prefix ? 'ltr' : native.dir}
      inputMode={native.inputMode ?? mask?.inputMode}
      maxLength={native.maxLength ?? mask?.maxLength}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      onChange={(e) => void onChange(e.currentTarget)}
      onBlur={() => {
        field.onBlur();
        // A server's answer about this very value ("wrong email or password", a wrong code) stays
        // until the value changes: re-checking on leaving the field would erase it, and the
        // layout would jump under the pointer on its way to the submit button.
        if (value !== '' && fieldState.error?.type !== 'server') void form.trigger(name);
      }}
    />
  );

  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} className={className}>
      {prefix ? (
        <div className="prefixed" dir="ltr">
          <span aria-hidden="true">{prefix}</span>
          {input}
        </div>
      ) : (
        input
      )}
    </FieldFrame>
  );
}
